import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { In, Not, type EntityManager } from 'typeorm';
import { StripeApi } from '../stripe/stripe-api';
import { FINAL_STATUSES, sameState, stateOf } from './subscription-rules';
import { SubscriptionEntity } from './subscription.entity';

/** On a failed Stripe read: stop (a call acting on the subscription) or keep the stored state (the sweep). */
export type OnReadFailure = 'throw' | 'keep';

/**
 * Billing's copy of the user's subscriptions, always written from a fresh Stripe read, so any
 * order of calls and events ends in Stripe's state. Callers hold the user's lock (TierLedger).
 */
@Injectable()
export class SubscriptionMirror {
  constructor(
    private readonly stripe: StripeApi,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Reads the subscription from Stripe and stores it for the user. */
  async sync(manager: EntityManager, userId: number, subscriptionId: string): Promise<SubscriptionEntity> {
    return this.store(manager, userId, await this.stripe.retrieveSubscription(subscriptionId));
  }

  /** Reads again every subscription of the user that may still change, and answers all of them. */
  async syncLive(
    manager: EntityManager,
    userId: number,
    onFailure: OnReadFailure = 'throw',
  ): Promise<SubscriptionEntity[]> {
    const live = await manager.find(SubscriptionEntity, {
      where: { userId, status: Not(In([...FINAL_STATUSES])) },
    });
    for (const subscription of live) {
      try {
        await this.sync(manager, userId, subscription.id);
      } catch (error) {
        if (onFailure === 'throw') throw error;
        this.logger.warn(
          { err: error, userId, subscriptionId: subscription.id },
          'Subscription not re-read from Stripe; its stored state stands until the next sweep',
        );
      }
    }
    return manager.find(SubscriptionEntity, { where: { userId } });
  }

  /** Stores what Stripe said of a subscription; its version grows only when something changed. */
  async store(
    manager: EntityManager,
    userId: number,
    subscription: Stripe.Subscription,
  ): Promise<SubscriptionEntity> {
    const state = stateOf(subscription);
    const syncedAt = new Date();
    const stored = await manager.findOneBy(SubscriptionEntity, { id: subscription.id });
    if (!stored) {
      const customer = subscription.customer;
      const created = manager.create(SubscriptionEntity, {
        id: subscription.id,
        userId,
        customerId: typeof customer === 'string' ? customer : customer.id,
        ...state,
        version: 1,
        syncedAt,
      });
      await manager.insert(SubscriptionEntity, created);
      return created;
    }
    const changed = !sameState(stored, state) || stored.priceId !== state.priceId;
    const update = changed ? { ...state, syncedAt, version: stored.version + 1 } : { syncedAt };
    await manager.update(SubscriptionEntity, { id: subscription.id }, update);
    return Object.assign(stored, update);
  }
}
