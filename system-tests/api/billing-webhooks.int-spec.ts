import type { ApiError, LimitsRecord } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import {
  endPeriodSoon,
  pay,
  sandboxControl,
  sandboxDeliveries,
  startCheckout,
  sandboxRefunds,
  stripeOf,
  tierPhases,
} from '../support/billing-api';
import { streamEvents } from '../support/events';
import { limitsOf, newLibraryUser, type LibraryUser } from '../support/library-api';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

describe('Stripe webhooks through the gateway into billing', () => {
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    stack = await startStack('hook', ['auth', 'library']);
    gateway = await stack.startGateway();
    // The sandbox sends its events to this gateway, as Stripe sends them to the public URL.
    await stack.startStripe(`${gateway.url}/api/webhooks/stripe`);
    await stack.startService('billing', { BILLING_SWEEP_INTERVAL_MS: '500' });
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const newUser = () => newLibraryUser(gateway.url, 'hook');

  /** Paid in the sandbox, and nobody asks billing about the checkout: only webhooks tell it. */
  async function payWithoutAsking(user: LibraryUser): Promise<string> {
    const { sessionId } = await startCheckout(user);
    await pay(stack, sessionId);
    return sessionId;
  }

  const proAfterWebhooks = (user: LibraryUser, timeoutMs = 15_000) =>
    eventually(
      () => limitsOf(user),
      (limits) => limits.isPro,
      timeoutMs,
    );

  async function tierEventsOf(userId: number) {
    const events = await streamEvents(stack, 'events.tier.changed');
    return events.filter((event) => event.data.userId === userId).map((event) => event.data);
  }

  const webhook = (body: string, headers: Record<string, string>) =>
    fetch(`${gateway.url}/api/webhooks/stripe`, { method: 'POST', headers, body });

  it('makes a paying user Pro from the webhook alone', async () => {
    const user = await newUser();
    await payWithoutAsking(user);
    expect(await proAfterWebhooks(user)).toMatchObject<Partial<LimitsRecord>>({
      isPro: true,
      subscription: { isCancelled: false, endsAt: null },
    });
    expect((await tierEventsOf(user.id)).map((event) => event.version)).toEqual([1]);

    // Stripe's "resend", long after the job completed and left the queue: no second change.
    const completed = (await sandboxDeliveries(stack))
      .filter((d) => d.type === 'checkout.session.completed')
      .pop()!;
    await sandboxControl(stack, `events/${completed.id}/replay`);
    await eventually(
      () => sandboxDeliveries(stack),
      (deliveries) => deliveries.filter((d) => d.id === completed.id && d.delivered).length === 2,
    );
    expect((await tierEventsOf(user.id)).map((event) => event.version)).toEqual([1]);
    expect(
      await databaseQuery(stack, 'SELECT outcome FROM billing.stripe_events WHERE id = $1', [completed.id]),
    ).toEqual([{ outcome: 'applied' }]);
  });

  it('answers 400 to a bad or missing signature and stores nothing; no session or origin needed', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const json = { 'content-type': 'application/json' };
    for (const headers of [
      json,
      { ...json, 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    ]) {
      const res = await webhook(body, headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject<Partial<ApiError>>({
        code: 'VALIDATION_FAILED',
        message: 'The Stripe-Signature header is missing, invalid or too old.',
      });
    }
    expect(
      (await webhook('not json', { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=0' })).status,
    ).toBe(415);
    expect(await databaseQuery(stack, `SELECT 1 FROM billing.stripe_events WHERE id = 'evt_forged'`)).toEqual(
      [],
    );
  });

  it('refuses at the gateway a signature not of Stripe’s shape, and limits deliveries per sending address first', async () => {
    const guarded = await stack.startGateway({
      RATE_LIMIT_WEBHOOKS_PER_CLIENT: '3/1m',
      TRUST_PROXY: 'loopback',
    });
    const body = JSON.stringify({
      id: 'evt_shape',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const now = Math.floor(Date.now() / 1000);
    const send = (client: string, signature: string) =>
      fetch(`${guarded.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
          'x-forwarded-for': client,
        },
        body,
      });
    const malformed = [
      't=1,v1=0',
      `v1=${'a'.repeat(64)}`,
      `t=${now},v1=${'g'.repeat(64)}`,
      `t=${now},v1=${'a'.repeat(64)};x`,
      `t=${now},v1=${'a'.repeat(64)}`.repeat(50),
    ];
    for (const [index, signature] of malformed.entries()) {
      const res = await send(`198.51.100.${index + 1}`, signature);
      expect({ signature, status: res.status }).toEqual({ signature, status: 400 });
    }

    // Three from one address, then 429 before anything is looked at; an IPv6 /64 is one address.
    for (let n = 0; n < 3; n += 1) expect((await send('2001:db8:1:2::1', 't=1,v1=0')).status).toBe(400);
    const refused = await send('2001:db8:1:2::ffff', `t=${now},v1=${'a'.repeat(64)}`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', params: { action: 'webhook' } });
    expect((await send('2001:db8:1:3::1', 't=1,v1=0')).status).toBe(400);
  });

  it('ends a double payment with one live subscription: the second, paid all the same, is cancelled and refunded, and its page says so', async () => {
    const user = await newUser();
    const first = await startCheckout(user);
    // A second checkout of the same customer that billing never got to expire (another tab, an
    // older version): made at Stripe directly, then both paid before either is seen.
    const { customer } = await stripeOf(stack).checkout.sessions.retrieve(first.sessionId);
    const second = await stripeOf(stack).checkout.sessions.create({
      mode: 'subscription',
      customer: customer as string,
      line_items: [{ price: 'price_pro_annual', quantity: 1 }],
      success_url: `${gateway.url}/subscribe/success`,
    });
    // Billing made both (the race the expiry closes: both paid before either was seen).
    await databaseQuery(
      stack,
      `INSERT INTO billing.checkout_sessions (id, user_id, price_id) VALUES ($1, $2, 'price_pro_annual')`,
      [second.id, user.id],
    );
    await pay(stack, first.sessionId);
    await pay(stack, second.id);
    await proAfterWebhooks(user);
    const subscriptions = await Promise.all(
      [first.sessionId, second.id].map(async (id) => {
        const session = await stripeOf(stack).checkout.sessions.retrieve(id);
        return session.subscription as string;
      }),
    );
    // Whichever billing saw paid first is kept, whatever order the webhooks came in. Waited for in
    // billing's committed rows: Stripe's cancel and refund happen before that transaction ends.
    const stored = () =>
      databaseQuery<{ status: string }>(
        stack,
        'SELECT status FROM billing.subscriptions WHERE user_id = $1 ORDER BY status',
        [user.id],
      );
    expect(await eventually(stored, (rows) => rows.some((row) => row.status === 'canceled'))).toEqual([
      { status: 'active' },
      { status: 'canceled' },
    ]);
    const statuses = await Promise.all(
      subscriptions.map(async (id) => (await stripeOf(stack).subscriptions.retrieve(id)).status),
    );
    expect(statuses.sort()).toEqual(['active', 'canceled']);
    expect(await limitsOf(user)).toMatchObject({ isPro: true, subscription: { isCancelled: false } });
    // Its payment given back, once, and its success page says so.
    expect(await sandboxRefunds(stack)).toHaveLength(1);
    const pages = await Promise.all(
      [first.sessionId, second.id].map(
        async (id) => (await user.client.get(`/api/checkout-session/${id}`)).body,
      ),
    );
    expect(pages).toContainEqual({ success: true, refunded: true });
    expect(pages).toContainEqual({ success: true });
  });

  it('ends right whatever order and however often the sandbox delivers a checkout’s events', async () => {
    const orders = [
      ['reorder'],
      ['reorder', 'reorder'],
      ['duplicate', 'reorder', 'duplicate'],
      ['hold', 'duplicate'],
    ];
    for (const rules of orders) {
      const user = await newUser();
      await sandboxControl(stack, 'events/rules', { rules });
      await payWithoutAsking(user);
      if (rules.includes('hold')) await sandboxControl(stack, 'events/release');
      expect((await proAfterWebhooks(user)).isPro).toBe(true);
      expect((await tierEventsOf(user.id)).map((event) => event.version)).toEqual([1]);
    }
  });

  it('answers 503 while billing is down; Stripe’s retries then make the user Pro', async () => {
    const user = await newUser();
    const { sessionId } = await startCheckout(user);
    await stack.services.billing.stop();
    let restarted = false;
    try {
      await pay(stack, sessionId);
      const refused = await eventually(
        () => sandboxDeliveries(stack),
        (deliveries) => deliveries.some((d) => d.lastStatus === 503),
      );
      expect(refused.some((d) => d.lastStatus === 503 && !d.delivered)).toBe(true);
      await stack.startService('billing', { BILLING_SWEEP_INTERVAL_MS: '500' });
      restarted = true;
      expect((await proAfterWebhooks(user, 20_000)).isPro).toBe(true);
    } finally {
      if (!restarted) await stack.startService('billing', { BILLING_SWEEP_INTERVAL_MS: '500' });
    }
  });

  it('applies a tier change published while the library was down once it is back', async () => {
    const user = await newUser();
    await stack.services.library.stop();
    try {
      await payWithoutAsking(user);
      await eventually(
        () => tierEventsOf(user.id),
        (events) => events.length > 0,
      );
    } finally {
      await stack.startService('library');
    }
    expect((await proAfterWebhooks(user)).isPro).toBe(true);
  });

  it('keeps one right tier, versions only growing, with two replicas and reordered, duplicated events', async () => {
    const second = await stack.startService('billing', { BILLING_SWEEP_INTERVAL_MS: '500' });
    try {
      const user = await newUser();
      await sandboxControl(stack, 'events/rules', { rules: ['duplicate', 'reorder', 'duplicate'] });
      const sessionId = await payWithoutAsking(user);
      await proAfterWebhooks(user);

      await sandboxControl(stack, 'events/rules', { rules: ['duplicate'] });
      expect((await user.client.post('/api/subscription/cancel')).status).toBe(200);
      await sandboxControl(stack, 'events/rules', { rules: ['duplicate', 'duplicate'] });
      await endPeriodSoon(stack, sessionId);
      // The library stops counting the user as Pro at the end date by itself; billing's event that
      // the subscription ended comes a moment later and clears the cancellation.
      const ended = await eventually(
        () => limitsOf(user),
        (limits) => !limits.isPro && !limits.subscription.isCancelled,
        15_000,
      );
      expect(ended).toMatchObject({ isPro: false, subscription: { isCancelled: false, endsAt: null } });
      const events = await tierEventsOf(user.id);
      expect(tierPhases(events)).toEqual(['pro', 'cancelled', 'free']);
    } finally {
      await second.stop();
    }
  });
});
