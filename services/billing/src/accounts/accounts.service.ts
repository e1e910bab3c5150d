import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { UserDeleted } from '@promptlib/proto';
import type { Logger } from 'pino';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { StripeApi } from '../stripe/stripe-api';
import { FINAL_STATUSES } from '../subscriptions/subscription-rules';

// A user starts a few checkouts an hour at most (the gateway's limit): all of them, in practice.
const OPEN_CHECKOUTS_MAX = 100;

/**
 * A deleted account's billing. Stripe first, so nothing more is charged: every open checkout is
 * expired (none can be paid from now on), then every subscription of the customer still running
 * at Stripe is cancelled at once, whatever billing's copy says. Only then do billing's records go,
 * under the user's lock, and the user is remembered as deleted so a webhook of the cancellation
 * brings nothing back. Stripe unreachable: the event fails and comes again, nothing deleted yet.
 * No tier change is announced: every service deletes its own from the same event.
 */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(BILLING_DATA) private readonly data: BillingData,
    @Inject(StripeApi)
    private readonly stripe: Pick<StripeApi, 'expireCheckout' | 'subscriptionsOf' | 'cancelNow'>,
    @Inject(ROOT_LOGGER) private readonly logger: Pick<Logger, 'info'>,
  ) {}

  async userDeleted({ userId }: UserDeleted): Promise<void> {
    const open = await this.data.direct.checkouts.pending(userId, new Date(0), OPEN_CHECKOUTS_MAX);
    for (const checkout of open) await this.stripe.expireCheckout(checkout.id);
    const customerId = await this.data.direct.customers.stripeIdOf(userId);
    const cancelled: string[] = [];
    if (customerId) {
      for (const subscription of await this.stripe.subscriptionsOf(customerId)) {
        if (FINAL_STATUSES.includes(subscription.status)) continue;
        await this.stripe.cancelNow(subscription.id);
        cancelled.push(subscription.id);
      }
    }
    const deleted = await this.data.transaction(async (tx) => {
      await tx.tiers.lock(userId, false);
      const rows = await tx.accounts.erase(userId);
      return rows;
    });
    this.logger.info(
      { userId, cancelled, deleted },
      'Cancelled and deleted the billing of a deleted account',
    );
  }
}
