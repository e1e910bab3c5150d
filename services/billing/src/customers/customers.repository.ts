import type { Db } from '@promptlib/platform/service';
import { CustomerEntity } from './customer.entity';

/** The user's one Stripe customer. */
export class CustomersRepository {
  constructor(private readonly db: Db) {}

  /** The user's Stripe customer id, or null before their first checkout. */
  async stripeIdOf(userId: number): Promise<string | null> {
    const customer = await this.db.repository(CustomerEntity).findOneBy({ userId });
    return customer?.stripeCustomerId ?? null;
  }

  /** Fails with Postgres's unique violation when the user (or the Stripe customer) has a row already. */
  async insert(userId: number, stripeCustomerId: string): Promise<void> {
    await this.db.repository(CustomerEntity).insert({ userId, stripeCustomerId });
  }
}
