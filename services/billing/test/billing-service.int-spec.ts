import type { ServiceClient } from '@promptlib/platform';
import { eventually } from '@promptlib/platform/testing';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import { subjects } from '@promptlib/proto';
import type { RunningStripeSandbox } from '@promptlib/sandboxes';
import type Stripe from 'stripe';
import type { BillingConfig } from '../src/config/billing-config';
import { billingService } from '../src/service';
import {
  payInSandbox,
  sessionIdOf,
  startBillingWithSandbox,
  tierEvents as tierEventsIn,
  tierPhases,
  type BillingWithSandbox,
} from './support/billing-with-sandbox';

const MONTHLY = 'price_pro_monthly';

describe('billing service over NATS, against the Stripe sandbox', () => {
  let setup: BillingWithSandbox;
  let sandbox: RunningStripeSandbox;
  let testbed: ServiceTestbed<BillingConfig>;
  let billing: ServiceClient;
  let stripe: Stripe;
  let nextUserId = 5_000;

  beforeAll(async () => {
    setup = await startBillingWithSandbox('billsvc', {
      PUBLIC_URL: 'http://app.test',
      BILLING_SWEEP_INTERVAL_MS: '300',
      BILLING_RESYNC_AFTER_MS: '1000',
    });
    ({ sandbox, testbed, billing, stripe } = setup);
  }, 180_000);

  afterAll(async () => {
    await setup?.close();
  });

  const newUser = () => (nextUserId += 1);
  const tierEvents = (userId: number) => tierEventsIn(testbed, userId);

  async function checkout(userId: number): Promise<string> {
    const { url } = await billing.request(subjects.billing.checkoutCreate, { userId, priceId: MONTHLY });
    return sessionIdOf(url);
  }

  async function pay(sessionId: string): Promise<void> {
    expect((await payInSandbox(`${sandbox.url}/checkout/${sessionId}`)).status).toBe(303);
  }

  async function paidUser(): Promise<{ userId: number; sessionId: string }> {
    const userId = newUser();
    const sessionId = await checkout(userId);
    await pay(sessionId);
    expect(await billing.request(subjects.billing.checkoutStatus, { userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    return { userId, sessionId };
  }

  it('sends the user to the hosted checkout, back to PUBLIC_URL, with one customer however often they start', async () => {
    const userId = newUser();
    const first = await billing.request(subjects.billing.checkoutCreate, { userId, priceId: MONTHLY });
    expect(first.url).toMatch(new RegExp(`^${sandbox.url}/checkout/cs_test_`));
    const second = await billing.request(subjects.billing.checkoutCreate, {
      userId,
      priceId: 'price_pro_annual',
    });
    const customers = await testbed.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM billing.customers WHERE user_id = $1',
      [userId],
    );
    expect(customers).toHaveLength(1);
    // The second ended the first: one open checkout at most.
    expect(await (await fetch(first.url)).text()).toContain('This checkout is expired.');
    const sessionId = sessionIdOf(second.url);
    const page = await (await fetch(second.url)).text();
    expect(page).toContain('Pay');
    const res = await payInSandbox(second.url);
    expect(res.headers.get('location')).toBe(`http://app.test/subscribe/success?session_id=${sessionId}`);
  });

  it('makes one customer when a user’s first checkouts race, more of them than the connection pool holds', async () => {
    const userId = newUser();
    // 12 calls wait for the user's lock, each holding a connection of the pool of 10.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        billing.request(subjects.billing.checkoutCreate, { userId, priceId: MONTHLY }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.url)).size).toBe(12);
    expect(await testbed.query('SELECT 1 FROM billing.customers WHERE user_id = $1', [userId])).toHaveLength(
      1,
    );
    const sessions = await Promise.all(
      answers.map(({ url }) => stripe.checkout.sessions.retrieve(new URL(url).pathname.split('/').pop()!)),
    );
    expect(new Set(sessions.map((session) => session.customer)).size).toBe(1);
  });

  it('answers not paid before paying, then paid with the tier version that made the user Pro', async () => {
    const userId = newUser();
    const sessionId = await checkout(userId);
    expect(await billing.request(subjects.billing.checkoutStatus, { userId, sessionId })).toEqual({
      paid: false,
      tierVersion: 0,
      refunded: false,
    });
    await pay(sessionId);
    expect(await billing.request(subjects.billing.checkoutStatus, { userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    // Asked again: the same answer and no new event.
    expect(await billing.request(subjects.billing.checkoutStatus, { userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    const events = await eventually(
      () => tierEvents(userId),
      (found) => found.length > 0,
    );
    expect(events).toEqual([{ userId, isPro: true, isCancelled: false, endsAt: null, version: 1 }]);
  });

  it('cancels at the period’s end: still Pro, cancelled, with the end date; a second cancel changes nothing', async () => {
    const { userId } = await paidUser();
    expect(await billing.request(subjects.billing.subscriptionCancel, { userId })).toEqual({
      tierVersion: 2,
    });
    expect(await billing.request(subjects.billing.subscriptionCancel, { userId })).toEqual({
      tierVersion: 2,
    });
    const events = await eventually(
      () => tierEvents(userId),
      (found) => found.length >= 2,
    );
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({
      userId,
      isPro: true,
      isCancelled: true,
      endsAt: expect.any(String),
      version: 2,
    });
    const [subscription] = await testbed.query<{ id: string; ends_at: Date; version: number }>(
      'SELECT id, ends_at, version FROM billing.subscriptions WHERE user_id = $1',
      [userId],
    );
    expect(new Date(events[1].endsAt!)).toEqual(subscription.ends_at);
    expect(subscription.ends_at.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(subscription.version).toBe(2);
  });

  it('ends a cancelled subscription at its end through the sweep, though Stripe never told billing', async () => {
    const { userId } = await paidUser();
    await billing.request(subjects.billing.subscriptionCancel, { userId });
    const [{ id }] = await testbed.query<{ id: string }>(
      'SELECT id FROM billing.subscriptions WHERE user_id = $1',
      [userId],
    );
    // The sandbox's webhooks go nowhere here: only the sweep's re-reading can find out.
    const ended = await fetch(`${sandbox.url}/_sandbox/subscriptions/${id}/end-period`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testbed.config.STRIPE_SECRET_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ inSeconds: 1 }),
    });
    expect(ended.status).toBe(200);
    const events = await eventually(
      () => tierEvents(userId),
      (found) => found.at(-1)?.isPro === false,
    );
    expect(tierPhases(events)).toEqual(['pro', 'cancelled', 'free']);
    expect(events.at(-1)).toEqual({
      userId,
      isPro: false,
      isCancelled: false,
      endsAt: null,
      version: events.length,
    });
    // Free again, the user may subscribe anew.
    await expect(checkout(userId)).resolves.toMatch(/^cs_test_/);
  });

  it('announces each change once, in growing versions, when many calls for one user race', async () => {
    const userId = newUser();
    const sessionId = await checkout(userId);
    await pay(sessionId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 4 === 3
          ? billing.request(subjects.billing.subscriptionCancel, { userId })
          : billing.request(subjects.billing.checkoutStatus, { userId, sessionId }),
      ),
    );
    expect(answers.length).toBe(8);
    const events = await eventually(
      () => tierEvents(userId),
      (found) => found.at(-1)?.isCancelled === true,
    );
    // A cancel that wins the lock before any status call takes the user from free to cancelled
    // in one change; otherwise Pro comes first. Either way each change is announced once.
    expect([['pro', 'cancelled'], ['cancelled']]).toContainEqual(tierPhases(events));
  });
});

describe('billing service when Stripe cannot be reached', () => {
  let testbed: ServiceTestbed<BillingConfig>;

  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every Stripe call fails to connect.
    testbed = await startServiceTestbed({
      ...billingService,
      suffix: 'billdown',
      env: {
        STRIPE_SECRET_KEY: 'sk_test_billdown',
        STRIPE_WEBHOOK_SECRET: 'whsec_billdown',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await testbed?.close();
  });

  it('says payments are unavailable and writes nothing', async () => {
    const call = testbed.client.request(
      subjects.billing.checkoutCreate,
      { userId: 7, priceId: MONTHLY },
      { timeoutMs: 30_000 },
    );
    await expect(call).rejects.toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Payments are unavailable right now. Please try again in a moment.',
      },
    });
    for (const table of ['customers', 'checkout_sessions', 'subscriptions', 'outbox']) {
      expect(await testbed.query(`SELECT 1 FROM billing.${table}`)).toEqual([]);
    }
  }, 120_000);
});
