import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StripeApi } from '../stripe/stripe-api';
import { CustomerEntity } from './customer.entity';

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
  async ensure(manager: EntityManager, userId: number): Promise<string> {
    const existing = await manager.findOneBy(CustomerEntity, { userId });
    if (existing) return existing.stripeCustomerId;
    const customer = await this.stripe.createCustomer(userId);
    await manager.insert(CustomerEntity, { userId, stripeCustomerId: customer.id });
    return customer.id;
  }
}
