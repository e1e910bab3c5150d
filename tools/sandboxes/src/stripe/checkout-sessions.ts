import type Stripe from 'stripe';
import { StripeApiError, invalidParameter, missing, missingParameter } from './api-error';
import type { Customers } from './customers';
import { eventOf, type SandboxEvent } from './events';
import type { FormFields, FormValue } from './form-body';
import { newId, nowSeconds } from './ids';
import { metadataOf, optionalText } from './params';
import { cardDeclined, type PaymentOutcomes } from './payments';
import type { Subscriptions } from './subscriptions';

const SESSION_LIFETIME_SECONDS = 24 * 3600;
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** What the hosted page shows and what paying needs: the session's one price and its quantity. */
type Purchase = { price: Stripe.Price; quantity: number };

/**
 * Checkout sessions in subscription mode: created with one price, shown on the sandbox's hosted
 * page at the session's `url`, completed there by paying (which starts the subscription).
 */
export class CheckoutSessions {
  private readonly byId = new Map<string, { session: Stripe.Checkout.Session; purchase: Purchase }>();

  constructor(
    private readonly customers: Customers,
    private readonly subscriptions: Subscriptions,
    private readonly prices: ReadonlyMap<string, Stripe.Price>,
    /** Where browsers reach the hosted page, which may differ from where billing reaches the API. */
    private readonly publicUrl: string,
    private readonly emit: (event: SandboxEvent) => void,
    private readonly payments: PaymentOutcomes,
  ) {}

  create(params: FormFields): Stripe.Checkout.Session {
    if (params.mode !== 'subscription') {
      throw invalidParameter('mode', 'The sandbox makes checkout sessions in subscription mode only.');
    }
    const successUrl = optionalText(params, 'success_url');
    if (!successUrl) throw missingParameter('success_url');
    const purchase = this.purchaseOf(params.line_items);
    const customer = optionalText(params, 'customer');
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const now = nowSeconds();
    const id = newId('cs_test');
    const amount = (purchase.price.unit_amount ?? 0) * purchase.quantity;
    const session = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: optionalText(params, 'cancel_url'),
      client_reference_id: optionalText(params, 'client_reference_id'),
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: now,
      currency: purchase.price.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer,
      customer_account: null,
      customer_creation: customer ? null : 'always',
      customer_details: null,
      customer_email: optionalText(params, 'customer_email'),
      discounts: [],
      expires_at: now + SESSION_LIFETIME_SECONDS,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: metadataOf(params),
      mode: 'subscription',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${this.publicUrl}/checkout/${id}`,
      wallet_options: null,
    } satisfies Stripe.Checkout.Session;
    this.byId.set(id, { session, purchase });
    return session;
  }

  retrieve(id: string): Stripe.Checkout.Session {
    return this.entry(id).session;
  }

  /** Ends an open session, as Stripe's expire does: it can no longer be paid. */
  expire(id: string): Stripe.Checkout.Session {
    const { session } = this.entry(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This one is ${session.status}.`,
      );
    }
    Object.assign(session, { status: 'expired' });
    return session;
  }

  /** What the hosted page shows of an open session. */
  purchase(id: string): Purchase {
    return this.entry(id).purchase;
  }

  /**
   * Pays an open session: a customer if it had none, the subscription, the session complete and
   * paid. Answers where the browser goes next: the success URL with the session's id in it.
   */
  pay(id: string): { session: Stripe.Checkout.Session; subscription: Stripe.Subscription; redirect: string } {
    const { session, purchase } = this.entry(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', `This checkout session is ${session.status}.`);
    }
    // A declined card leaves the session open, to be paid again.
    if (this.payments.next() === 'failed') throw cardDeclined();
    const customer =
      typeof session.customer === 'string'
        ? session.customer
        : this.customers.create({ ...(session.customer_email ? { email: session.customer_email } : {}) }).id;
    const subscription = this.subscriptions.start(
      customer,
      purchase.price,
      purchase.quantity,
      session.metadata ?? {},
    );
    Object.assign(session, {
      customer,
      subscription: subscription.id,
      status: 'complete',
      payment_status: 'paid',
      url: null,
    } satisfies Partial<Stripe.Checkout.Session>);
    this.emit(eventOf('checkout.session.completed', { object: session }));
    return { session, subscription, redirect: withSessionId(session.success_url!, id) };
  }

  /** Where the hosted page's Cancel goes: the cancel URL with the session's id in it. */
  cancelUrl(id: string): string | null {
    const { session } = this.entry(id);
    return session.cancel_url ? withSessionId(session.cancel_url, id) : null;
  }

  all(): { session: Stripe.Checkout.Session; priceId: string; quantity: number }[] {
    return [...this.byId.values()].map(({ session, purchase }) => ({
      session,
      priceId: purchase.price.id,
      quantity: purchase.quantity,
    }));
  }

  restore(checkouts: { session: Stripe.Checkout.Session; priceId: string; quantity: number }[]): void {
    for (const { session, priceId, quantity } of checkouts) {
      const price = this.prices.get(priceId);
      if (price) this.byId.set(session.id, { session, purchase: { price, quantity } });
    }
  }

  private entry(id: string): { session: Stripe.Checkout.Session; purchase: Purchase } {
    const entry = this.byId.get(id);
    if (!entry) throw missing('checkout.session', id);
    return entry;
  }

  private purchaseOf(lineItems: FormValue | undefined): Purchase {
    if (lineItems === undefined) throw missingParameter('line_items');
    if (!Array.isArray(lineItems) || lineItems.length !== 1) {
      throw invalidParameter('line_items', 'The sandbox sells one price per checkout session.');
    }
    const [line] = lineItems;
    if (typeof line !== 'object' || Array.isArray(line) || typeof line.price !== 'string') {
      throw missingParameter('line_items[0][price]');
    }
    const price = this.prices.get(line.price);
    if (!price) throw missing('price', line.price, 'line_items[0][price]');
    const quantity = line.quantity === undefined ? 1 : Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw invalidParameter('line_items[0][quantity]', 'Quantity must be a positive whole number.');
    }
    return { price, quantity };
  }
}

function withSessionId(url: string, id: string): string {
  return url.split(SESSION_ID_PLACEHOLDER).join(id);
}
