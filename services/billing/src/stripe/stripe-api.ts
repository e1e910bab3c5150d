import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, notFound, serviceError } from '@promptlib/platform';
import { billingMessages, type NotFoundSubject } from '@promptlib/proto';
import type { RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing-config';
import { idOf } from '../subscriptions/subscription-rules';

// A hung Stripe call must not hold a user's lock for long; the one retry reuses its idempotency key.
const STRIPE_TIMEOUT_MS = 8_000;
const STRIPE_RETRIES = 1;
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripe(config: BillingConfig): Stripe {
  const api = new URL(config.STRIPE_API_URL);
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port ? Number(api.port) : undefined,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_RETRIES,
    appInfo: { name: 'prompt-library-billing' },
  });
}

export type CheckoutParams = {
  userId: number;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * The Stripe calls billing makes, through the official SDK (Stripe itself, or the sandbox when
 * STRIPE_API_URL points there). Every write carries an idempotency key. A failure becomes a
 * service error with a sentence for the user; Stripe's own words go to the log only.
 */
@Injectable()
export class StripeApi {
  private readonly stripe: Stripe;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.stripe = createStripe(config);
  }

  /** The user's customer: one per user, however often this runs (the key is the user's). */
  createCustomer(userId: number): Promise<Stripe.Customer> {
    return this.call('customers.create', () =>
      this.stripe.customers.create(
        { metadata: { userId: String(userId), namespace: this.config.APP_NAMESPACE } },
        { idempotencyKey: `customer-${this.config.APP_NAMESPACE}-${userId}` },
      ),
    );
  }

  createCheckout(params: CheckoutParams): Promise<Stripe.Checkout.Session> {
    return this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: params.customerId,
          client_reference_id: String(params.userId),
          line_items: [{ price: params.priceId, quantity: 1 }],
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
          metadata: { userId: String(params.userId) },
        },
        { idempotencyKey: `checkout-${randomUUID()}` },
      ),
    );
  }

  retrieveCheckout(id: string): Promise<Stripe.Checkout.Session> {
    return this.call(
      'checkout.sessions.retrieve',
      () => this.stripe.checkout.sessions.retrieve(id),
      'checkout',
    );
  }

  /**
   * Ends an open checkout so it can no longer be paid. One already paid or expired cannot be, and
   * that is what was wanted: answers whether Stripe expired it now.
   */
  async expireCheckout(id: string): Promise<boolean> {
    try {
      await this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` });
      return true;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) return false;
      throw this.failure('checkout.sessions.expire', error, undefined);
    }
  }

  /** Every subscription of the customer, ended ones included (a customer has a handful at most). */
  async subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
    const page = await this.call('subscriptions.list', () =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    return page.data;
  }

  /** Stops the subscription at once: nothing more is charged (a second one paid by mistake, a deleted account). */
  cancelNow(id: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.cancel', () =>
      this.stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-now-${id}` }),
    );
  }

  /**
   * Gives back what the subscription's latest invoice was paid, whole (a second subscription paid
   * by mistake). Once per invoice, whoever asks again.
   */
  async refundLatestPayment(subscription: Stripe.Subscription): Promise<void> {
    const invoiceId = idOf(subscription.latest_invoice);
    if (!invoiceId) return;
    const invoice = await this.call('invoices.retrieve', () =>
      this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
    );
    const paymentIntent = invoice.payments?.data.find((payment) => payment.status === 'paid')?.payment
      .payment_intent;
    if (!paymentIntent) return;
    await this.call('refunds.create', () =>
      this.stripe.refunds.create(
        { payment_intent: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id },
        { idempotencyKey: `refund-${invoiceId}` },
      ),
    );
  }

  retrieveSubscription(id: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.retrieve', () => this.stripe.subscriptions.retrieve(id));
  }

  /** Stops renewal: the subscription, and Pro, last until the end of the period paid for. */
  cancelAtPeriodEnd(id: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(
        id,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-${id}-${randomUUID()}` },
      ),
    );
  }

  /** Moves the subscription's one item to another price; Stripe prorates the difference. */
  async switchPrice(id: string, priceId: string): Promise<Stripe.Subscription> {
    const [item] = (await this.retrieveSubscription(id)).items.data;
    return this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(
        id,
        { items: [{ id: item.id, price: priceId }], proration_behavior: 'create_prorations' },
        { idempotencyKey: `plan-${id}-${randomUUID()}` },
      ),
    );
  }

  /** Renews again: a cancel asked for before the period's end is taken back. */
  resumeRenewal(id: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(
        id,
        { cancel_at_period_end: false },
        { idempotencyKey: `resume-${id}-${randomUUID()}` },
      ),
    );
  }

  /**
   * The event in a webhook, if its signature is the webhook secret's and was made within the last 5
   * minutes (Stripe's own tolerance, against replays of an old delivery).
   */
  verifyWebhook(payload: Buffer, signature: string): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(
        payload,
        signature,
        this.config.STRIPE_WEBHOOK_SECRET,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'Stripe webhook refused');
      throw serviceError('VALIDATION_FAILED', billingMessages.badSignature);
    }
  }

  /** `missing`: what is not found when Stripe does not know the object asked for (else it is unavailable). */
  private async call<T>(operation: string, run: () => Promise<T>, missing?: NotFoundSubject): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.failure(operation, error, missing);
    }
  }

  private failure(operation: string, error: unknown, missing: NotFoundSubject | undefined): RpcException {
    const stripeError = error instanceof Stripe.errors.StripeError ? error : null;
    this.logger.error(
      {
        err: error,
        operation,
        stripeType: stripeError?.type,
        stripeCode: stripeError?.code,
        status: stripeError?.statusCode,
      },
      'Stripe call failed',
    );
    if (missing && stripeError?.code === 'resource_missing') return notFound(missing);
    return serviceError('SERVICE_UNAVAILABLE', billingMessages.paymentsUnavailable);
  }
}
