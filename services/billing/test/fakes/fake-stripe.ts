import { serviceError } from '@promptlib/platform';
import { billingMessages } from '@promptlib/proto';
import type Stripe from 'stripe';
import type { CheckoutParams, StripeApi } from '../../src/stripe/stripe-api';
import type { StripeEventQueue } from '../../src/webhooks/stripe-event-queue';

const DAY_SECONDS = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The signature FakeStripe accepts; any other is refused as Stripe's SDK refuses a bad one. */
export const VALID_SIGNATURE = 't=1,v1=valid';

type StripeCalls = Pick<StripeApi, keyof StripeApi>;

/**
 * Stripe as billing's StripeApi sees it, in memory: customers one per user (the idempotency key is
 * the user's), hosted checkouts that a spec pays, subscriptions that a spec changes. `down` makes
 * every call fail as StripeApi reports an unreachable Stripe.
 */
export class FakeStripe implements StripeCalls {
  down = false;
  /** Checkouts answered without a URL, as Stripe never should. */
  withoutUrl = false;
  readonly checkoutsCreated: CheckoutParams[] = [];
  readonly customersCreated: number[] = [];
  /** The subscription ids asked to cancel, in order. */
  readonly cancelled: string[] = [];
  /** The subscription ids asked to renew again, in order. */
  readonly resumed: string[] = [];
  /** The subscription ids read, in order. */
  readonly reads: string[] = [];
  readonly subscriptions: Map<string, Stripe.Subscription> = new Map();
  readonly checkouts: Map<string, Stripe.Checkout.Session> = new Map();
  private next = 0;

  /** StripeApi's type, for the rules' constructors. */
  get api(): StripeApi {
    return this as unknown as StripeApi;
  }

  async createCustomer(userId: number): Promise<Stripe.Customer> {
    this.call();
    this.customersCreated.push(userId);
    return { id: `cus_${userId}` } as Stripe.Customer;
  }

  async createCheckout(params: CheckoutParams): Promise<Stripe.Checkout.Session> {
    this.call();
    this.checkoutsCreated.push(params);
    const id = `cs_test_${(this.next += 1)}`;
    const session = {
      id,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: params.customerId,
      url: this.withoutUrl ? null : `https://stripe.test/checkout/${id}`,
    } as Stripe.Checkout.Session;
    this.checkouts.set(id, session);
    return structuredClone(session);
  }

  async retrieveCheckout(id: string): Promise<Stripe.Checkout.Session> {
    this.call();
    const session = this.checkouts.get(id);
    if (!session) throw serviceError('NOT_FOUND', billingMessages.checkoutNotFound);
    return structuredClone(session);
  }

  async retrieveSubscription(id: string): Promise<Stripe.Subscription> {
    this.call();
    this.reads.push(id);
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw serviceError('SERVICE_UNAVAILABLE', billingMessages.paymentsUnavailable);
    return structuredClone(subscription);
  }

  async cancelAtPeriodEnd(id: string): Promise<Stripe.Subscription> {
    this.call();
    this.cancelled.push(id);
    this.update(id, { cancel_at_period_end: true });
    return this.retrieveSubscription(id);
  }

  async switchPrice(id: string, priceId: string): Promise<Stripe.Subscription> {
    this.call();
    const subscription = this.subscriptions.get(id)!;
    const [item] = subscription.items.data;
    this.update(id, {
      items: { ...subscription.items, data: [{ ...item, price: { ...item.price, id: priceId } }] },
    });
    return this.retrieveSubscription(id);
  }

  async resumeRenewal(id: string): Promise<Stripe.Subscription> {
    this.call();
    this.resumed.push(id);
    this.update(id, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    return this.retrieveSubscription(id);
  }

  /** The checkout ids asked to expire, in order. */
  readonly expired: string[] = [];

  async expireCheckout(id: string): Promise<boolean> {
    this.call();
    const session = this.checkouts.get(id);
    if (!session || session.status !== 'open') return false;
    this.expired.push(id);
    session.status = 'expired';
    return true;
  }

  /** The subscriptions whose latest payment was given back, in order. */
  readonly refunded: string[] = [];

  async refundLatestPayment(subscription: Stripe.Subscription): Promise<void> {
    this.call();
    if (!this.refunded.includes(subscription.id)) this.refunded.push(subscription.id);
  }

  async subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
    this.call();
    return [...this.subscriptions.values()]
      .filter((subscription) => subscription.customer === customerId)
      .map((subscription) => structuredClone(subscription));
  }

  async cancelNow(id: string): Promise<Stripe.Subscription> {
    this.call();
    this.update(id, { status: 'canceled', ended_at: nowSeconds(), canceled_at: nowSeconds() });
    return this.subscriptions.get(id)!;
  }

  verifyWebhook(payload: Buffer, signature: string): Stripe.Event {
    if (signature !== VALID_SIGNATURE) throw serviceError('VALIDATION_FAILED', billingMessages.badSignature);
    return JSON.parse(payload.toString()) as Stripe.Event;
  }

  /** Pays the checkout on the hosted page: it completes, starting an active monthly subscription. */
  pay(checkoutId: string): string {
    const session = this.checkouts.get(checkoutId)!;
    if (session.status !== 'open') throw new Error(`This checkout session is ${session.status}.`);
    const subscriptionId = this.subscription(session.customer as string);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId });
    return subscriptionId;
  }

  /** A subscription of the customer, active for 30 days unless `fields` say otherwise. */
  subscription(customerId: string, fields: Partial<Stripe.Subscription> = {}): string {
    const id = `sub_${(this.next += 1)}`;
    this.subscriptions.set(id, {
      id,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at: null,
      cancel_at_period_end: false,
      ended_at: null,
      items: {
        data: [{ current_period_end: nowSeconds() + 30 * DAY_SECONDS, price: { id: 'price_pro_monthly' } }],
      },
      ...fields,
    } as Stripe.Subscription);
    return id;
  }

  update(id: string, fields: Partial<Stripe.Subscription>): void {
    Object.assign(this.subscriptions.get(id)!, fields);
  }

  /** The subscription's period ended at Stripe, which stopped it for good. */
  end(id: string): void {
    this.update(id, { status: 'canceled', ended_at: nowSeconds() - 1 });
  }

  private call(): void {
    if (this.down) throw serviceError('SERVICE_UNAVAILABLE', billingMessages.paymentsUnavailable);
  }
}

/** The stripe-events queue as the inbox and the sweep use it: what was queued, and what queued again. */
export class FakeQueue implements Pick<StripeEventQueue, 'add' | 'requeue'> {
  down = false;
  readonly added: string[] = [];
  readonly requeued: string[] = [];

  get queue(): StripeEventQueue {
    return this as unknown as StripeEventQueue;
  }

  async add(eventId: string): Promise<void> {
    if (this.down) throw new Error('The queue did not answer within 3000 ms');
    this.added.push(eventId);
  }

  async requeue(eventId: string): Promise<'queued' | 'retried' | 'in-queue'> {
    this.requeued.push(eventId);
    return 'queued';
  }
}
