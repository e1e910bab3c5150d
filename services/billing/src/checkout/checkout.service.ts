import { Inject, Injectable } from '@nestjs/common';
import { serviceError, notFound } from '@promptlib/platform';
import {
  billingMessages,
  type CheckoutSession,
  type CheckoutState,
  type ParsedRequestOf,
  type subjects,
} from '@promptlib/proto';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { BILLING_CONFIG, requireProPrice, type BillingConfig } from '../config/billing-config';
import { CustomersService } from '../customers/customers.service';
import { StripeApi } from '../stripe/stripe-api';
import { SubscriptionMirror } from '../subscriptions/subscription-mirror';
import { tierOf } from '../subscriptions/subscription-rules';
import { TierLedger } from '../tiers/tier-ledger';

export type CreateCheckoutRequest = ParsedRequestOf<typeof subjects.billing.checkoutCreate>;
export type CheckoutStatusRequest = ParsedRequestOf<typeof subjects.billing.checkoutStatus>;

/** Stripe replaces this with the session's id in the success URL. */
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Starting a checkout on Stripe's hosted page, and finding out how it went. */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(BILLING_DATA) private readonly data: BillingData,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly stripe: StripeApi,
    private readonly customers: CustomersService,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
  ) {}

  /** A hosted checkout for one of the Pro prices; a user who is Pro already gets none. */
  async create({ userId, priceId }: CreateCheckoutRequest): Promise<CheckoutSession> {
    requireProPrice(this.config, priceId);
    const { result: url } = await this.ledger.forUser(userId, async (tx) => {
      // Read fresh: a subscription that ended (or started) without billing hearing of it yet.
      const subscriptions = await this.mirror.syncLive(tx, userId);
      if (tierOf(subscriptions, new Date()).isPro) return null;
      // One open checkout at most: monthly in one tab and annual in another cannot both be paid.
      await this.mirror.expireOpenCheckouts(tx, userId);
      // Under the user's lock, so Stripe never sees two first calls with one idempotency key at once.
      const customerId = await this.customers.ensure(tx, userId);
      const session = await this.stripe.createCheckout({
        userId,
        customerId,
        priceId,
        successUrl: `${this.config.PUBLIC_URL}/subscribe/success?session_id=${SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${this.config.PUBLIC_URL}/subscribe`,
      });
      if (!session.url) throw serviceError('SERVICE_UNAVAILABLE', billingMessages.paymentsUnavailable);
      await tx.checkouts.insert({ id: session.id, userId, priceId });
      return session.url;
    });
    if (url === null) throw serviceError('SUBSCRIPTION_ALREADY_ACTIVE', billingMessages.alreadyActive);
    return { url };
  }

  /**
   * How the user's checkout went, read from Stripe rather than waited for in a webhook, so a slow
   * or lost webhook cannot leave a paying user free. `paid` once the payment went through and the
   * user is Pro as of `tierVersion`, the tier version the library must reach.
   */
  async status({ userId, sessionId }: CheckoutStatusRequest): Promise<CheckoutState> {
    const checkout = await this.data.direct.checkouts.findOwned(userId, sessionId);
    if (!checkout) throw notFound('checkout');
    // A completed checkout is read again too: its subscription may have changed since.
    const { result, tier } = await this.ledger.forUser(userId, async (tx) => {
      const paid = await this.mirror.syncCheckout(tx, userId, sessionId);
      const checkout = await tx.checkouts.findOwned(userId, sessionId);
      return { paid, refunded: Boolean(checkout?.refundedAt) };
    });
    return { paid: result.paid && tier.isPro, tierVersion: tier.version, refunded: result.refunded };
  }
}
