import { Inject, Injectable } from '@nestjs/common';
import { AccountErased } from '../accounts/account-erased';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { SubscriptionMirror } from '../subscriptions/subscription-mirror';
import { TierLedger } from '../tiers/tier-ledger';
import { targetOf } from './event-target';

export type ApplyOutcome = 'applied' | 'ignored' | 'already-applied' | 'not-in-inbox';

// What of a failure's message the inbox row keeps.
const LAST_ERROR_CHARS = 1_000;

/**
 * Applies a stored Stripe event: the subscription it concerns is read fresh from Stripe and stored
 * under the user's lock (TierLedger), the event marked applied in the same transaction. Reading
 * fresh under the lock is what makes duplicates, any delivery order and two workers at once end in
 * Stripe's state: each write carries a reading taken after the previous write committed.
 */
@Injectable()
export class StripeEventProcessor {
  constructor(
    @Inject(BILLING_DATA) private readonly data: BillingData,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
  ) {}

  async apply(eventId: string): Promise<ApplyOutcome> {
    const inbox = this.data.direct.stripeEvents;
    const pending = await inbox.claim(eventId);
    if (!pending) return (await inbox.exists(eventId)) ? 'already-applied' : 'not-in-inbox';
    const target = targetOf(pending);
    const userId = target ? await inbox.ownerOf(target) : null;
    if (!target || userId === null) {
      // Not about a subscription of one of our users (another app on the same account, say).
      await inbox.markIgnored(eventId);
      return 'ignored';
    }
    try {
      await this.ledger.forUser(userId, async (tx) => {
        await this.mirror.sync(tx, userId, target.subscriptionId);
        if (target.checkoutSessionId) {
          await tx.checkouts.markCompleted(target.checkoutSessionId, target.subscriptionId);
          await this.mirror.afterPayment(tx, userId);
        }
        await tx.stripeEvents.markApplied(eventId);
      });
    } catch (error) {
      // Deleted while this event waited (the webhook of the cancellation the deletion made, say).
      if (!(error instanceof AccountErased)) throw error;
      await inbox.markIgnored(eventId);
      return 'ignored';
    }
    return 'applied';
  }

  /** Why the last attempt failed, kept on the inbox row for whoever looks. */
  async recordFailure(eventId: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.data.direct.stripeEvents.recordFailure(eventId, message.slice(0, LAST_ERROR_CHARS));
  }
}
