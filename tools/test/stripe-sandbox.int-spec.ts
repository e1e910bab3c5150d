import Stripe from 'stripe';
import { startStripeSandbox, type RunningStripeSandbox } from '../src/stripe-sandbox/sandbox-server';

const SECRET_KEY = 'sk_test_sandbox_suite';

/** The official SDK, pointed at the sandbox the way billing points it: host, port and protocol. */
function sdkFor(sandbox: RunningStripeSandbox, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });
}

describe('the Stripe sandbox through the official SDK', () => {
  let sandbox: RunningStripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    sandbox = await startStripeSandbox({ secretKey: SECRET_KEY });
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

  it('refuses a wrong key as Stripe does', async () => {
    await expect(sdkFor(sandbox, 'sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
