import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { In, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { CheckoutSessionEntity } from '../checkout/checkout-session.entity';
import { StripeApi } from '../stripe/stripe-api';
import { FINAL_STATUSES, idOf, sameState, stateOf } from './subscription-rules';
import { SubscriptionEntity } from './subscription.entity';

// Stripe lets an unpaid checkout session expire after a day; after that it can start nothing.
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;
// The newest open checkouts only: a user starting many cannot make each call read them all (the
// others still arrive through their webhook, or the success page's status call).
const PENDING_CHECKOUTS_READ = 3;

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

  /**
   * Reads again every subscription of the user that may still change, and those started by a
   * checkout billing has not yet seen completed (paid in another tab, its webhook still on the
   * way): answers all the user's subscriptions.
   */
  async syncLive(
    manager: EntityManager,
    userId: number,
    onFailure: OnReadFailure = 'throw',
  ): Promise<SubscriptionEntity[]> {
    const live = await manager.find(SubscriptionEntity, {
      where: { userId, status: Not(In([...FINAL_STATUSES])) },
    });
    for (const subscription of live) {
      await this.orKeep(onFailure, userId, subscription.id, () =>
        this.sync(manager, userId, subscription.id),
      );
    }
    const pending = await manager.find(CheckoutSessionEntity, {
      where: {
        userId,
        completedAt: IsNull(),
        createdAt: MoreThan(new Date(Date.now() - CHECKOUT_LIFETIME_MS)),
      },
      order: { createdAt: 'DESC' },
      take: PENDING_CHECKOUTS_READ,
    });
    for (const checkout of pending) {
      await this.orKeep(onFailure, userId, checkout.id, () =>
        this.syncCheckout(manager, userId, checkout.id),
      );
    }
    return manager.find(SubscriptionEntity, { where: { userId } });
  }

  /**
   * Reads a checkout of the user from Stripe; once paid, stores the subscription it started and
   * marks it completed. Answers whether it is paid.
   */
  async syncCheckout(manager: EntityManager, userId: number, checkoutId: string): Promise<boolean> {
    const session = await this.stripe.retrieveCheckout(checkoutId);
    const subscriptionId = idOf(session.subscription);
    if (session.status !== 'complete' || session.payment_status === 'unpaid' || !subscriptionId) {
      return false;
    }
    await this.sync(manager, userId, subscriptionId);
    await markCompleted(manager, checkoutId, subscriptionId);
    return true;
  }

  private async orKeep(
    onFailure: OnReadFailure,
    userId: number,
    stripeId: string,
    read: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await read();
    } catch (error) {
      if (onFailure === 'throw') throw error;
      this.logger.warn(
        { err: error, userId, stripeId },
        'Not re-read from Stripe; the stored state stands until the next sweep',
      );
    }
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

/** Records that a checkout was paid and which subscription it started (the first time only). */
export async function markCompleted(
  manager: EntityManager,
  checkoutId: string,
  subscriptionId: string,
): Promise<void> {
  await manager.update(
    CheckoutSessionEntity,
    { id: checkoutId, completedAt: IsNull() },
    { subscriptionId, completedAt: new Date() },
  );
}
