import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@promptlib/platform';
import type { DataSource } from 'typeorm';
import { StripeApi } from '../stripe/stripe-api';
import { CustomerEntity } from './customer.entity';

/** One Stripe customer per user, made on the user's first checkout. */
@Injectable()
export class CustomersService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly stripe: StripeApi,
  ) {}

  /**
   * The user's customer id, creating the customer if there is none. Stored at once, outside the
   * caller's transaction, so a checkout that fails later still finds it; a retry after a failure in
   * between gets the same customer from Stripe (the idempotency key is the user's).
   */
  async ensure(userId: number): Promise<string> {
    const repository = this.dataSource.getRepository(CustomerEntity);
    const existing = await repository.findOneBy({ userId });
    if (existing) return existing.stripeCustomerId;
    const customer = await this.stripe.createCustomer(userId);
    await repository
      .createQueryBuilder()
      .insert()
      .values({ userId, stripeCustomerId: customer.id })
      .orIgnore()
      .execute();
    return (await repository.findOneByOrFail({ userId })).stripeCustomerId;
  }
}
