import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The user's one Stripe customer. */
@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'stripe_customer_id', type: 'text' })
  stripeCustomerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
