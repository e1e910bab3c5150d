import type { InvoicePayments } from './invoice-payments';
import type Stripe from 'stripe';
import { invalidParameter, missing } from './api-error';
import { eventOf, type SandboxEvent } from './events';
import type { FormFields } from './form-body';
import { newId, nowSeconds } from './ids';
import { periodInvoice } from './invoices';
import type { PaymentOutcomes } from './payments';
import { metadataOf, optionalText } from './params';
import { SANDBOX_PRICES } from './prices';

const DAY_SECONDS = 24 * 3600;

/** Subscriptions: made by a paid checkout, read, set to cancel at the period's end, cancelled. */
export class Subscriptions {
  private readonly byId = new Map<string, Stripe.Subscription>();

  private readonly periodEnds = new Set<NodeJS.Timeout>();
  /** Told after a period has ended on its own (no request made the change). */
  onPeriodEnd: () => void = () => undefined;

  constructor(
    private readonly emit: (event: SandboxEvent) => void,
    private readonly payments: PaymentOutcomes,
    private readonly invoices: InvoicePayments,
  ) {}

  /** A paid checkout's subscription to one price, its first period starting now. */
  start(
    customer: string,
    price: Stripe.Price,
    quantity: number,
    metadata: Stripe.Metadata,
  ): Stripe.Subscription {
    const now = nowSeconds();
    const id = newId('sub');
    const subscription: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: {
        object: 'list',
        data: [item(id, price, quantity, now, periodEnd(now, price))],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: null,
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: null,
      trial_start: null,
    } satisfies Stripe.Subscription;
    this.byId.set(id, subscription);
    const invoice = this.invoices.record(periodInvoice(subscription, 'paid', 'subscription_create'));
    subscription.latest_invoice = invoice.id;
    this.emit(eventOf('customer.subscription.created', { object: subscription }));
    this.emit(eventOf('invoice.paid', { object: invoice }));
    return subscription;
  }

  /**
   * The subscriptions of `customer`, newest first: those not cancelled, or every one with
   * `status=all`, as Stripe lists them (one page; a sandbox customer has a handful).
   */
  list(params: FormFields): Stripe.ApiList<Stripe.Subscription> {
    const customer = optionalText(params, 'customer');
    const every = optionalText(params, 'status') === 'all';
    const data = [...this.byId.values()]
      .filter((subscription) => customer === null || subscription.customer === customer)
      .filter((subscription) => every || subscription.status !== 'canceled')
      .sort((a, b) => b.created - a.created);
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  retrieve(id: string): Stripe.Subscription {
    const subscription = this.byId.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  /**
   * `cancel_at_period_end`, the price of its one item (`items[0][id]` with `items[0][price]`: a plan
   * change, prorated by Stripe's default, which the sandbox does not invoice) and metadata: what
   * billing changes.
   */
  update(id: string, params: FormFields): Stripe.Subscription {
    const subscription = this.retrieve(id);
    const before = { ...subscription, items: { ...subscription.items, data: [...subscription.items.data] } };
    if (params.items !== undefined) this.changePrice(subscription, params.items);
    if (params.cancel_at_period_end !== undefined) {
      const cancel = booleanOf(params.cancel_at_period_end, 'cancel_at_period_end');
      if (subscription.status === 'canceled') {
        throw invalidParameter(
          'cancel_at_period_end',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? currentPeriodEnd(subscription) : null;
      subscription.canceled_at = cancel ? nowSeconds() : null;
    }
    if (params.metadata !== undefined) {
      subscription.metadata = { ...subscription.metadata, ...metadataOf(params) };
    }
    const previous = changedFields(before, subscription);
    if (Object.keys(previous).length > 0) {
      this.emit(
        eventOf('customer.subscription.updated', { object: subscription, previous_attributes: previous }),
      );
    }
    return subscription;
  }

  private changePrice(subscription: Stripe.Subscription, items: FormFields[string]): void {
    const [change] = Array.isArray(items) ? items : [];
    const current = subscription.items.data[0];
    if (!change || typeof change !== 'object' || Array.isArray(change) || change.id !== current.id) {
      throw invalidParameter('items', 'Name the subscription item to change by its id (items[0][id]).');
    }
    if (subscription.status === 'canceled') {
      throw invalidParameter(
        'items',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const price = SANDBOX_PRICES.find((known) => known.id === change.price);
    if (!price) throw missing('price', String(change.price), 'items[0][price]');
    subscription.items.data[0] = { ...current, price, plan: planOf(price) };
  }

  /**
   * Moves the end of the current period to `seconds` from now (server time is real time, so this
   * is how a test makes a period end). Then a subscription set to cancel ends, and any other
   * renews: a new period, its invoice paid or (after a failed payment) past due.
   */
  endPeriodIn(id: string, seconds: number): Stripe.Subscription {
    const subscription = this.retrieve(id);
    if (subscription.status === 'canceled') {
      throw invalidParameter('subscription', `This subscription has already been canceled: ${id}`);
    }
    const end = nowSeconds() + seconds;
    subscription.items.data[0].current_period_end = end;
    if (subscription.cancel_at_period_end) subscription.cancel_at = end;
    const timer = setTimeout(() => {
      this.periodEnds.delete(timer);
      this.endPeriod(id, end);
      this.onPeriodEnd();
    }, seconds * 1000);
    timer.unref();
    this.periodEnds.add(timer);
    return subscription;
  }

  all(): Stripe.Subscription[] {
    return [...this.byId.values()];
  }

  restore(subscriptions: Stripe.Subscription[]): void {
    for (const subscription of subscriptions) this.byId.set(subscription.id, subscription);
  }

  /** Stops the period ends still waiting. */
  close(): void {
    for (const timer of this.periodEnds) clearTimeout(timer);
    this.periodEnds.clear();
  }

  private endPeriod(id: string, end: number): void {
    const subscription = this.retrieve(id);
    const [item] = subscription.items.data;
    // Moved again since, or already over.
    if (subscription.status === 'canceled' || item.current_period_end !== end) return;
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.ended_at = end;
      this.emit(eventOf('customer.subscription.deleted', { object: subscription }));
      return;
    }
    const before = structuredClone(subscription);
    item.current_period_start = end;
    item.current_period_end = periodEnd(end, item.price);
    const outcome = this.payments.next();
    const invoice = this.invoices.record(periodInvoice(subscription, outcome, 'subscription_cycle'));
    subscription.latest_invoice = invoice.id;
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    this.emit(
      outcome === 'paid'
        ? eventOf('invoice.paid', { object: invoice })
        : eventOf('invoice.payment_failed', { object: invoice }),
    );
    this.emit(
      eventOf('customer.subscription.updated', {
        object: subscription,
        previous_attributes: {
          items: before.items,
          latest_invoice: before.latest_invoice,
          ...(before.status === subscription.status ? {} : { status: before.status }),
        },
      }),
    );
  }

  /** Ends the subscription now. */
  cancel(id: string): Stripe.Subscription {
    const subscription = this.retrieve(id);
    if (subscription.status === 'canceled') {
      throw invalidParameter('subscription', `This subscription has already been canceled: ${id}`);
    }
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at ??= now;
    subscription.ended_at = now;
    this.emit(eventOf('customer.subscription.deleted', { object: subscription }));
    return subscription;
  }
}

/** Where a subscription's current period ends: on its item, in this API version. */
export function currentPeriodEnd(subscription: Stripe.Subscription): number {
  return subscription.items.data[0].current_period_end;
}

function item(
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  start: number,
  end: number,
): Stripe.SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  } satisfies Stripe.SubscriptionItem;
}

// The older name of a recurring price, still part of a subscription item.
function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  } satisfies Stripe.Plan;
}

function periodEnd(start: number, price: Stripe.Price): number {
  const date = new Date(start * 1000);
  if (price.recurring?.interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (price.recurring?.interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else return start + 30 * DAY_SECONDS;
  return Math.floor(date.getTime() / 1000);
}

// What an update changed, as its old values: an updated event's `previous_attributes`.
function changedFields(
  before: Stripe.Subscription,
  after: Stripe.Subscription,
): Partial<Stripe.Subscription> {
  const fields = ['cancel_at_period_end', 'cancel_at', 'canceled_at', 'items', 'metadata'] as const;
  const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return Object.fromEntries(changed.map((field) => [field, before[field]])) as Partial<Stripe.Subscription>;
}

function booleanOf(value: unknown, param: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParameter(param, `Invalid boolean: ${String(value)}`);
}
