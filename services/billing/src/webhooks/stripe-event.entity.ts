import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The inbox: a verified Stripe event, stored before Stripe is told it arrived. */
@Entity('stripe_events')
export class StripeEventEntity {
  /** Stripe's event id (evt_…): a redelivery finds the row it already made. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;

  /** What applying it came to: applied, or ignored (an event about nothing of ours). */
  @Column({ type: 'text', nullable: true })
  outcome!: string | null;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
