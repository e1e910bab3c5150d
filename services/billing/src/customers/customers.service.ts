import { Injectable } from '@nestjs/common';
import type { BillingRepositories } from '../billing-data';
import { StripeApi } from '../stripe/stripe-api';

/** One Stripe customer per user, made on the user's first checkout. */
@Injectable()
export class CustomersService {
  constructor(private readonly stripe: StripeApi) {}

  /**
   * The user's customer id, creating the customer if there is none, in the caller's transaction
   * (which holds the user's lock, so Stripe never sees two first calls at once). Should that
   * transaction fail later, the next attempt gets the same customer back from Stripe: the
   * idempotency key is the user's.
   */
  async ensure({ customers }: Pick<BillingRepositories, 'customers'>, userId: number): Promise<string> {
    const existing = await customers.stripeIdOf(userId);
    if (existing !== null) return existing;
    const customer = await this.stripe.createCustomer(userId);
    await customers.insert(userId, customer.id);
    return customer.id;
  }
}
