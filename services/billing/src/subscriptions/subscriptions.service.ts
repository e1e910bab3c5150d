import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@promptlib/platform';
import {
  type ParsedRequestOf,
  type SubscriptionCancelled,
  type SubscriptionPlan,
  type SubscriptionRecord,
  type SubscriptionResumed,
  type subjects,
  type UserScoped,
} from '@promptlib/proto';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { BILLING_CONFIG, requireProPrice, type BillingConfig } from '../config/billing-config';
import { StripeApi } from '../stripe/stripe-api';
import { TierLedger } from '../tiers/tier-ledger';
import { SubscriptionMirror } from './subscription-mirror';
import { grantsPro, runningPriceOf } from './subscription-rules';

export type ChangePlanRequest = ParsedRequestOf<typeof subjects.billing.subscriptionChangePlan>;

@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly stripe: StripeApi,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
    @Inject(BILLING_DATA) private readonly data: BillingData,
  ) {}

  /**
   * Cancels at the end of the period paid for: the user stays Pro until then. Asking again once it
   * is cancelled changes nothing and succeeds; a user with nothing running has nothing to cancel.
   * The answer names the tier version that says so, for callers to read their own write.
   */
  async cancel({ userId }: UserScoped): Promise<SubscriptionCancelled> {
    const { result, tier } = await this.ledger.forUser(userId, async (tx) => {
      const now = new Date();
      const running = (await this.mirror.syncLive(tx, userId)).filter((s) => grantsPro(s, now));
      if (running.length === 0) return 'nothing-running' as const;
      for (const subscription of running.filter((s) => s.endsAt === null)) {
        await this.mirror.store(tx, userId, await this.stripe.cancelAtPeriodEnd(subscription.id));
      }
      return 'cancelled' as const;
    });
    if (result === 'nothing-running') throw notFound('subscription');
    return { tierVersion: tier.version };
  }

  /**
   * Takes a cancel back before the period ends: the subscription renews again and Pro has no end
   * date. A subscription that renews already changes nothing and succeeds; one that has ended cannot
   * be resumed (a new checkout starts another).
   */
  async resume({ userId }: UserScoped): Promise<SubscriptionResumed> {
    const { result, tier } = await this.ledger.forUser(userId, async (tx) => {
      const now = new Date();
      const running = (await this.mirror.syncLive(tx, userId)).filter((s) => grantsPro(s, now));
      if (running.length === 0) return 'nothing-running' as const;
      for (const subscription of running.filter((s) => s.endsAt !== null)) {
        await this.mirror.store(tx, userId, await this.stripe.resumeRenewal(subscription.id));
      }
      return 'renewing' as const;
    });
    if (result === 'nothing-running') throw notFound('subscriptionToResume');
    return { tierVersion: tier.version };
  }

  /**
   * The price the user's Pro renews (or ends) at, as billing last read it; null without Pro. A read
   * of what is stored, so it waits for no change of the user's running.
   */
  /** Every subscription the user has had, oldest first: what the data export tells of their payments. */
  async history({ userId }: UserScoped): Promise<SubscriptionRecord[]> {
    const subscriptions = await this.data.direct.subscriptions.ofUser(userId);
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return subscriptions
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((subscription) => ({
        id: subscription.id,
        priceId: subscription.priceId,
        status: subscription.status,
        startedAt: subscription.createdAt.toISOString(),
        currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
        endsAt: iso(subscription.endsAt),
        endedAt: iso(subscription.endedAt),
        refundedAt: iso(subscription.refundedAt),
      }));
  }

  async plan({ userId }: UserScoped): Promise<SubscriptionPlan> {
    const subscriptions = await this.data.direct.subscriptions.ofUser(userId);
    return { priceId: runningPriceOf(subscriptions, new Date()) };
  }

  /**
   * Moves the running subscription to the other Pro price, from now on (Stripe prorates what was
   * paid); a cancelled one keeps its end date. On that price already, nothing changes.
   */
  async changePlan({ userId, priceId }: ChangePlanRequest): Promise<SubscriptionPlan> {
    requireProPrice(this.config, priceId);
    const { result } = await this.ledger.forUser(userId, async (tx) => {
      const now = new Date();
      const running = (await this.mirror.syncLive(tx, userId)).filter((s) => grantsPro(s, now));
      if (running.length === 0) return null;
      for (const subscription of running.filter((s) => s.priceId !== priceId)) {
        await this.mirror.store(tx, userId, await this.stripe.switchPrice(subscription.id, priceId));
      }
      return priceId;
    });
    if (result === null) throw notFound('subscriptionToChange');
    return { priceId: result };
  }
}
