import { Injectable } from '@nestjs/common';
import { notFound } from '@promptlib/platform';
import { type SubscriptionCancelled, type SubscriptionResumed, type UserScoped } from '@promptlib/proto';
import { StripeApi } from '../stripe/stripe-api';
import { TierLedger } from '../tiers/tier-ledger';
import { SubscriptionMirror } from './subscription-mirror';
import { grantsPro } from './subscription-rules';

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly stripe: StripeApi,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
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
}
