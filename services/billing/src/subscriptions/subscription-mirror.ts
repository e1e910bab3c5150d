import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingRepositories } from '../billing-data';
import { StripeApi } from '../stripe/stripe-api';
import { FINAL_STATUSES, grantsPro, idOf, sameState, stateOf } from './subscription-rules';
import type { SubscriptionEntity } from './subscription.entity';

// Stripe lets an unpaid checkout session expire after a day; after that it can start nothing.
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;
// The newest open checkouts only: a user starting many cannot make each call read them all (the
// others still arrive through their webhook, or the success page's status call).
const PENDING_CHECKOUTS_READ = 3;

/** The repositories the mirror writes, those of the caller's transaction. */
export type MirrorRepositories = Pick<BillingRepositories, 'subscriptions' | 'checkouts'>;

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
  async sync(tx: MirrorRepositories, userId: number, subscriptionId: string): Promise<SubscriptionEntity> {
    return this.store(tx, userId, await this.stripe.retrieveSubscription(subscriptionId));
  }

  /**
   * Reads again every subscription of the user that may still change, and those started by a
   * checkout billing has not yet seen completed (paid in another tab, its webhook still on the
   * way): answers all the user's subscriptions.
   */
  async syncLive(
    tx: MirrorRepositories,
    userId: number,
    onFailure: OnReadFailure = 'throw',
  ): Promise<SubscriptionEntity[]> {
    const live = await tx.subscriptions.ofUserExcept(userId, FINAL_STATUSES);
    for (const subscription of live) {
      const read = await this.orKeep(onFailure, userId, subscription.id, () =>
        this.sync(tx, userId, subscription.id),
      );
      // A subscription that keeps failing (Stripe away, or not knowing it) must not fill every pass.
      if (!read) await tx.subscriptions.deferSweep(subscription.id);
    }
    const pending = await tx.checkouts.pending(
      userId,
      new Date(Date.now() - CHECKOUT_LIFETIME_MS),
      PENDING_CHECKOUTS_READ,
    );
    for (const checkout of pending) {
      await this.orKeep(onFailure, userId, checkout.id, () => this.syncCheckout(tx, userId, checkout.id));
    }
    return tx.subscriptions.ofUser(userId);
  }

  /**
   * Reads a checkout of the user from Stripe; once paid, stores the subscription it started and
   * marks it completed. Answers whether it is paid.
   */
  async syncCheckout(tx: MirrorRepositories, userId: number, checkoutId: string): Promise<boolean> {
    const session = await this.stripe.retrieveCheckout(checkoutId);
    const subscriptionId = idOf(session.subscription);
    if (session.status !== 'complete' || session.payment_status === 'unpaid' || !subscriptionId) {
      return false;
    }
    await this.sync(tx, userId, subscriptionId);
    await tx.checkouts.markCompleted(checkoutId, subscriptionId);
    await this.afterPayment(tx, userId);
    return true;
  }

  /**
   * Ends every checkout of the user still open at Stripe, so no second one can be paid: when a new
   * one starts, and once one is paid.
   */
  async expireOpenCheckouts(tx: MirrorRepositories, userId: number): Promise<void> {
    const open = await tx.checkouts.pending(userId, new Date(Date.now() - CHECKOUT_LIFETIME_MS), 100);
    for (const checkout of open) {
      // Not expired now: paid meanwhile (its webhook and the sweep still find it), or expired before.
      const expired =
        (await this.stripe.expireCheckout(checkout.id)) ||
        (await this.stripe.retrieveCheckout(checkout.id)).status === 'expired';
      if (expired) await tx.checkouts.markExpired(checkout.id);
    }
  }

  /**
   * After a payment: no other checkout can be paid, and should two subscriptions have been paid
   * all the same (both checkouts paid before either was seen), the one billing learned of later is
   * cancelled at once so nothing more is charged for it, and its payment refunded; its checkout
   * says so (the success page tells the user).
   */
  async afterPayment(tx: MirrorRepositories, userId: number): Promise<void> {
    await this.expireOpenCheckouts(tx, userId);
    const now = new Date();
    const running = (await tx.subscriptions.ofUserExcept(userId, FINAL_STATUSES))
      .filter((subscription) => grantsPro(subscription, now))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    for (const extra of running.slice(1)) {
      this.logger.warn(
        { userId, kept: running[0].id, cancelled: extra.id },
        'A second subscription was paid; cancelled at once and its payment refunded',
      );
      const cancelled = await this.stripe.cancelNow(extra.id);
      await this.stripe.refundLatestPayment(cancelled);
      await this.store(tx, userId, cancelled);
      await tx.subscriptions.markRefunded(extra.id);
      await tx.checkouts.markRefunded(extra.id);
    }
  }

  private async orKeep(
    onFailure: OnReadFailure,
    userId: number,
    stripeId: string,
    read: () => Promise<unknown>,
  ): Promise<boolean> {
    try {
      await read();
      return true;
    } catch (error) {
      if (onFailure === 'throw') throw error;
      this.logger.warn(
        { err: error, userId, stripeId },
        'Not re-read from Stripe; the stored state stands until a later sweep',
      );
      return false;
    }
  }

  /** Stores what Stripe said of a subscription; its version grows only when something changed. */
  async store(
    { subscriptions }: Pick<BillingRepositories, 'subscriptions'>,
    userId: number,
    subscription: Stripe.Subscription,
  ): Promise<SubscriptionEntity> {
    const state = stateOf(subscription);
    const syncedAt = new Date();
    const stored = await subscriptions.find(subscription.id);
    if (!stored) {
      const customer = subscription.customer;
      return subscriptions.insert({
        id: subscription.id,
        userId,
        customerId: typeof customer === 'string' ? customer : customer.id,
        ...state,
        version: 1,
        syncedAt,
      });
    }
    const changed = !sameState(stored, state) || stored.priceId !== state.priceId;
    const update = changed ? { ...state, syncedAt, version: stored.version + 1 } : { syncedAt };
    await subscriptions.update(subscription.id, update);
    return Object.assign(stored, update);
  }
}
