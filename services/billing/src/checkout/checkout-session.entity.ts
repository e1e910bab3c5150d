import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A checkout billing started for a user: only that user may ask how it went. */
@Entity('checkout_sessions')
export class CheckoutSessionEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'price_id', type: 'text' })
  priceId!: string;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId!: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** When billing ended it at Stripe, unpaid, because another checkout of the user started or was paid. */
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true })
  expiredAt!: Date | null;

  /** When its subscription, a second one paid by mistake, was cancelled and its payment refunded. */
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
