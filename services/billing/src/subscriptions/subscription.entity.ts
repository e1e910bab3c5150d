import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe subscription as billing last read it from Stripe. */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'customer_id', type: 'text' })
  customerId!: string;

  @Column({ name: 'price_id', type: 'text' })
  priceId!: string;

  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd!: Date;

  /** When a cancelled subscription stops (null while it renews). */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /** Grows by one with every change billing reads from Stripe. */
  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;

  /** Re-reads by the sweep that failed in a row; the next waits until `sweepRetryAt`. */
  @Column({ name: 'sweep_failures', type: 'integer', default: 0 })
  sweepFailures!: number;

  @Column({ name: 'sweep_retry_at', type: 'timestamptz', nullable: true })
  sweepRetryAt!: Date | null;

  /** When billing refunded it, as a second subscription paid all the same; null otherwise. */
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
