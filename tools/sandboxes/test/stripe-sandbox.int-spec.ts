import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeSandbox, type RunningStripeSandbox } from '../src/stripe/sandbox-server';

const SECRET_KEY = 'sk_test_sandbox_suite';
const WEBHOOK_SECRET = 'whsec_sandbox_suite';

/** The official SDK, pointed at the sandbox the way billing points it: host, port and protocol. */
function sdkFor(sandbox: RunningStripeSandbox, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });
}

describe('the Stripe sandbox through the official SDK', () => {
  let sandbox: RunningStripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    sandbox = await startStripeSandbox({ secretKey: SECRET_KEY, webhooks: { secret: WEBHOOK_SECRET } });
    stripe = sdkFor(sandbox);
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('creates a customer and reads it back', async () => {
    const created = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: '7' } });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', livemode: false });
    expect(created.metadata).toEqual({ userId: '7' });
    const read = await stripe.customers.retrieve(created.id);
    expect(read).toEqual(created);
  });

  it('answers an idempotent retry with the first object, and refuses the key for other parameters', async () => {
    const key = `create-customer-${Date.now()}`;
    const first = await stripe.customers.create({ metadata: { userId: '8' } }, { idempotencyKey: key });
    const retry = await stripe.customers.create({ metadata: { userId: '8' } }, { idempotencyKey: key });
    expect(retry.id).toBe(first.id);
    expect(retry.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ metadata: { userId: '9' } }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('knows the two plans of Pro by the ids the app uses', async () => {
    const monthly = await stripe.prices.retrieve('price_pro_monthly');
    expect(monthly).toMatchObject({ unit_amount: 199, currency: 'usd', recurring: { interval: 'month' } });
    const annual = await stripe.prices.retrieve('price_pro_annual');
    expect(annual).toMatchObject({ unit_amount: 2000, currency: 'usd', recurring: { interval: 'year' } });
  });

  it("answers what does not exist with the SDK's own error class and Stripe's code", async () => {
    const failure = await stripe.customers.retrieve('cus_doesnotexist').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(failure).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    await expect(stripe.prices.retrieve('price_none')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('makes a subscription checkout, pays it on the hosted page, then updates and cancels the subscription', async () => {
    const customer = await stripe.customers.create({ metadata: { userId: '12' } });
    const created = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: '12',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/subscribe',
    });
    expect(created.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: '12',
      customer: customer.id,
      amount_total: 199,
      subscription: null,
    });
    expect(created.url).toBe(`${sandbox.url}/checkout/${created.id}`);
    expect(await stripe.checkout.sessions.retrieve(created.id)).toEqual(created);

    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test payment');
    expect(html).toContain('$1.99 / month');

    const paid = await fetch(`${sandbox.url}/checkout/${created.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:8080/subscribe/success?session_id=${created.id}`,
    );
    const completed = await stripe.checkout.sessions.retrieve(created.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    expect(completed.subscription).toMatch(/^sub_/);

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
    });
    const [item] = subscription.items.data;
    expect(item.price.id).toBe('price_pro_monthly');
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86_400);

    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
    });
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    // A plan change: the one item moves to the other price.
    const annual = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_pro_annual' }],
      proration_behavior: 'create_prorations',
    });
    expect(annual.items.data).toHaveLength(1);
    expect(annual.items.data[0]).toMatchObject({ id: item.id, price: { id: 'price_pro_annual' } });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(
      'price_pro_annual',
    );
    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: 'price_unknown' }] }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: 'si_other', price: 'price_pro_monthly' }],
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    // The customer's subscriptions, as a deleted account's are found: running ones by default, all with status=all.
    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data.map((each) => each.id)).toEqual([subscription.id]);
    expect((await stripe.subscriptions.list({ customer: 'cus_nobody', status: 'all' })).data).toEqual([]);
    const cancelled = await stripe.subscriptions.cancel(subscription.id);
    expect(cancelled.status).toBe('canceled');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map(
        (each) => each.status,
      ),
    ).toEqual(['canceled']);
    expect(cancelled.ended_at).not.toBeNull();
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('answers every field billing reads, of the type it reads, through the SDK', async () => {
    const customer = await stripe.customers.create({ metadata: { userId: '31' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: '31',
      line_items: [{ price: 'price_pro_annual', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        url: expect.any(String),
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: '31',
        customer: customer.id,
        subscription: null,
        metadata: {},
      }),
    );
    await fetch(`${sandbox.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toEqual(
      expect.objectContaining({
        status: 'complete',
        payment_status: 'paid',
        subscription: expect.any(String),
      }),
    );
    const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(subscription).toEqual(
      expect.objectContaining({
        id: paid.subscription,
        status: 'active',
        customer: customer.id,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        latest_invoice: expect.stringMatching(/^in_/),
        metadata: {},
      }),
    );
    expect(subscription.items.data).toHaveLength(1);
    expect(subscription.items.data[0]).toEqual(
      expect.objectContaining({
        current_period_start: expect.any(Number),
        current_period_end: expect.any(Number),
        price: expect.objectContaining({
          id: 'price_pro_annual',
          recurring: expect.objectContaining({ interval: 'year' }),
        }),
      }),
    );
  });

  it('sends Cancel on the hosted page to the cancel URL and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_annual', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/subscribe',
    });
    const cancelled = await fetch(`${sandbox.url}/checkout/${session.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://localhost:8080/subscribe');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('refuses a checkout of an unknown price or without a success URL', async () => {
    const unknown = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_none', quantity: 1 }],
        success_url: 'http://localhost:8080/ok',
      })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 404, param: 'line_items[0][price]' });
    const noSuccess = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price: 'price_pro_monthly', quantity: 1 }] })
      .catch((error: unknown) => error);
    expect(noSuccess).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'success_url' });
  });

  it('refuses a wrong key as Stripe does', async () => {
    await expect(sdkFor(sandbox, 'sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('the Stripe sandbox’s state file', () => {
  it('finds its customers, checkouts and subscriptions again after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await startStripeSandbox({
        secretKey: SECRET_KEY,
        webhooks: { secret: WEBHOOK_SECRET },
        stateFile,
      });
      const stripe = sdkFor(first);
      const customer = await stripe.customers.create({ email: 'kept@example.com' });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
        success_url: 'http://localhost:8080/ok?session_id={CHECKOUT_SESSION_ID}',
      });
      await fetch(`${first.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
      const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
      await first.close();

      const second = await startStripeSandbox({
        secretKey: SECRET_KEY,
        webhooks: { secret: WEBHOOK_SECRET },
        stateFile,
      });
      try {
        const again = sdkFor(second);
        expect((await again.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
          email: 'kept@example.com',
        });
        expect((await again.checkout.sessions.retrieve(session.id)).status).toBe('complete');
        expect(
          (await again.subscriptions.update(subscriptionId, { cancel_at_period_end: true }))
            .cancel_at_period_end,
        ).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
