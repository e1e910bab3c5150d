import {
  accountExport,
  type ApiError,
  type Category,
  type LimitsRecord,
  type Prompt,
  type User,
} from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import {
  endPeriodSoon,
  pay,
  pollCheckout,
  sandboxApiCalls,
  startCheckout,
  stripeOf,
  subscriptionOf,
  tierPhases,
} from '../support/billing-api';
import { streamEvents } from '../support/events';
import {
  createPrompt,
  limitsOf,
  listPrompts,
  newLibraryUser,
  type LibraryUser,
} from '../support/library-api';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

describe('billing through the gateway, against the Stripe sandbox', () => {
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    // The sandbox sends its webhooks nowhere: every change here is found by billing's own reads.
    // Sharing too, for the data export, which reads every service.
    stack = await startStack('bill', ['auth', 'library', 'sharing', 'billing'], {
      services: { BILLING_SWEEP_INTERVAL_MS: '300', BILLING_RESYNC_AFTER_MS: '1000' },
    });
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const newUser = () => newLibraryUser(gateway.url, 'bill');

  async function proUser(): Promise<{ user: LibraryUser; sessionId: string }> {
    const user = await newUser();
    const { sessionId } = await startCheckout(user);
    await pay(stack, sessionId);
    expect(await pollCheckout(user, sessionId)).toBe(true);
    return { user, sessionId };
  }

  async function tierEventsOf(userId: number) {
    const events = await streamEvents(stack, 'events.tier.changed');
    return events.filter((event) => event.data.userId === userId).map((event) => event.data);
  }

  it('makes a paying user Pro everywhere the moment checkout says success, and free again when a cancelled period ends, keeping everything', async () => {
    const user = await newUser();
    const { url, sessionId } = await startCheckout(user);
    expect(url).toBe(`${stack.stripeEnv.STRIPE_API_URL}/checkout/${sessionId}`);
    expect((await user.client.get(`/api/checkout-session/${sessionId}`)).body).toEqual({ success: false });

    await pay(stack, sessionId);
    expect(await pollCheckout(user, sessionId)).toBe(true);
    // No waiting from here on: success means the limits already read Pro.
    expect(await limitsOf(user)).toEqual({
      isPro: true,
      prompts: { used: 0, limit: -1, canCreate: true },
      categories: { used: 1, limit: -1, canCreate: true },
      versionsKept: 1000,
      subscription: { isCancelled: false, endsAt: null },
    });
    expect((await user.client.get<{ user: User }>('/api/user')).body.user.isPro).toBe(true);

    // Pro: more than the free limits, in more than one category.
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    for (let i = 0; i < 6; i += 1) await createPrompt(user, { categoryId: i % 2 ? writing.id : null });
    await createPrompt(user, { categoryId: writing.id });

    const cancelled = await user.client.post('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true });
    // No waiting here either: the cancel answers once the limits read it.
    const afterCancel = await limitsOf(user);
    expect(afterCancel).toMatchObject({ isPro: true, subscription: { isCancelled: true } });
    const endsAt = new Date(afterCancel.subscription.endsAt!);
    expect(endsAt.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    // The period ends at Stripe; nobody tells billing, whose sweep finds out.
    await endPeriodSoon(stack, sessionId);
    // The library stops counting the user as Pro at the end date by itself; the sweep's news that
    // the subscription ended comes a moment later and clears the cancellation.
    const ended = await eventually(
      () => limitsOf(user),
      (limits) => !limits.isPro && !limits.subscription.isCancelled,
      15_000,
    );
    expect(ended).toEqual({
      isPro: false,
      prompts: { used: 7, limit: 5, canCreate: false },
      categories: { used: 2, limit: 1, canCreate: false },
      versionsKept: 20,
      subscription: { isCancelled: false, endsAt: null },
    });
    expect((await user.client.get<{ user: User }>('/api/user')).body.user.isPro).toBe(false);
    const prompts = await listPrompts(user);
    expect(prompts).toHaveLength(7);
    expect(prompts.filter((prompt: Prompt) => prompt.categoryId === writing.id)).toHaveLength(4);
    expect((await user.client.get<Category[]>('/api/categories')).body.map((c) => c.name)).toEqual([
      'General',
      'Writing',
    ]);
    expect(tierPhases(await tierEventsOf(user.id))).toEqual(['pro', 'cancelled', 'free']);
  });

  it('exports everything held about a Pro user in one JSON file, and nothing of anyone else', async () => {
    const { user } = await proUser();
    const other = await newUser();
    await createPrompt(other, { title: 'Not mine', content: 'Someone else’s text.' });
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    const first = await createPrompt(user, {
      title: 'First',
      content: 'Version one.',
      categoryId: writing.id,
    });
    const edited = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${first.id}`,
      { title: 'First', content: 'Version two.', categoryId: writing.id, tags: ['draft'] },
      {},
    );
    expect(edited.status).toBe(200);
    const second = await createPrompt(user, { title: 'Second', content: 'Only one version.' });
    const shared = await user.client.post<{ shareId: string }>(`/api/prompts/${second.id}/share`);
    expect(shared.status).toBe(200);

    const res = await fetch(`${gateway.url}/api/user/export`, {
      headers: { Cookie: user.client.sessionCookie! },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="prompt-library-account-\d{4}-\d\d-\d\d\.json"$/,
    );
    const exported = accountExport.parse(await res.json());
    expect(exported.account).toMatchObject({ id: user.id, username: user.username, isPro: true });
    expect(exported.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(exported.categories.map((category) => category.name)).toEqual(['General', 'Writing']);
    expect(exported.tags).toEqual([{ name: 'draft', count: 1 }]);
    expect(exported.prompts.map((prompt) => [prompt.title, prompt.content, prompt.tags])).toEqual([
      ['Second', 'Only one version.', []],
      ['First', 'Version two.', ['draft']],
    ]);
    expect(
      exported.promptVersions.map((version) => [version.promptId, version.version, version.content]).sort(),
    ).toEqual(
      [
        [first.id, 1, 'Version one.'],
        [first.id, 2, 'Version two.'],
        [second.id, 1, 'Only one version.'],
      ].sort(),
    );
    expect(exported.shareLinks).toEqual([
      expect.objectContaining({ promptId: second.id, shareId: shared.body.shareId, views: 0 }),
    ]);
    expect(exported.subscriptions).toEqual([
      expect.objectContaining({ priceId: expect.any(String), status: 'active', endedAt: null }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('Not mine');
    // A session is needed: nobody else's, and no key's.
    expect((await fetch(`${gateway.url}/api/user/export`)).status).toBe(401);
  });

  it('limits a flood of checkout reads per user, and Stripe is read a bounded number of times', async () => {
    const user = await newUser();
    const { sessionId } = await startCheckout(user);
    const retrievals = async () =>
      ((await sandboxApiCalls(stack))[`GET /v1/checkout/sessions/${sessionId}`] ?? 0) as number;
    const before = await retrievals();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => user.client.get(`/api/checkout-session/${sessionId}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({
      code: 'RATE_LIMITED',
      params: { action: 'checkoutRead' },
    });
    // Reads within two seconds share one answer: far fewer Stripe reads than answers.
    expect((await retrievals()) - before).toBeLessThanOrEqual(10);
  });

  it('lets a person start a few checkouts an hour, not a script hundreds', async () => {
    const user = await newUser();
    for (let n = 0; n < 10; n += 1) expect((await startCheckout(user)).sessionId).toMatch(/^cs_/);
    const refused = await user.client.post('/api/create-subscription', { priceId: 'price_pro_monthly' });
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED', params: { action: 'checkout' } },
    });
  });

  it('keeps one checkout open at most: a monthly one started first can no longer be paid once an annual one starts', async () => {
    const user = await newUser();
    const monthly = await startCheckout(user, 'price_pro_monthly');
    const annual = await startCheckout(user, 'price_pro_annual');
    await expect(pay(stack, monthly.sessionId)).rejects.toThrow(/answered 4\d\d/);
    expect((await stripeOf(stack).checkout.sessions.retrieve(monthly.sessionId)).status).toBe('expired');
    await pay(stack, annual.sessionId);
    expect(await pollCheckout(user, annual.sessionId)).toBe(true);
    expect((await user.client.get(`/api/checkout-session/${monthly.sessionId}`)).body).toEqual({
      success: false,
    });
    expect((await stripeOf(stack).checkout.sessions.retrieve(monthly.sessionId)).subscription).toBeNull();
    expect(
      await databaseQuery(stack, 'SELECT status FROM billing.subscriptions WHERE user_id = $1', [user.id]),
    ).toEqual([{ status: 'active' }]);
  });

  it('shows a checkout only to its own user', async () => {
    const owner = await newUser();
    const { sessionId } = await startCheckout(owner);
    const stranger = await newUser();
    for (const path of [
      `/api/checkout-session/${sessionId}`,
      '/api/checkout-session/cs_test_doesnotexist',
      '/api/checkout-session/..%2Fsecret',
    ]) {
      const res = await stranger.client.get<ApiError>(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Checkout session not found' });
    }
  });

  it('refuses a price that is not a Pro plan, and a body without one', async () => {
    const user = await newUser();
    const unknown = await user.client.post<ApiError>('/api/create-subscription', { priceId: 'price_free' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Choose the monthly or the annual Pro plan.',
      fields: { priceId: 'Choose the monthly or the annual Pro plan.' },
    });
    const missing = await user.client.post<ApiError>('/api/create-subscription', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('priceId');
  });

  it('gives a Pro user no second checkout', async () => {
    const { user } = await proUser();
    const second = await user.client.post<ApiError>('/api/create-subscription', {
      priceId: 'price_pro_annual',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'SUBSCRIPTION_ALREADY_ACTIVE',
      message: 'You already have an active Pro subscription.',
    });
  });

  it('has nothing to cancel for a free user', async () => {
    const user = await newUser();
    const res = await user.client.post<ApiError>('/api/subscription/cancel');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'You have no active subscription to cancel.',
    });
  });

  it('resumes a cancelled subscription before its end: renewing at Stripe, Pro with no end date, said once', async () => {
    const { user, sessionId } = await proUser();
    expect((await user.client.post('/api/subscription/cancel')).status).toBe(200);
    expect(await limitsOf(user)).toMatchObject({ subscription: { isCancelled: true } });

    const resumed = await user.client.post('/api/subscription/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ success: true });
    // No waiting: the resume answers once the limits read it.
    expect(await limitsOf(user)).toMatchObject({
      isPro: true,
      subscription: { isCancelled: false, endsAt: null },
    });
    const subscription = await stripeOf(stack).subscriptions.retrieve(await subscriptionOf(stack, sessionId));
    expect(subscription.cancel_at_period_end).toBe(false);
    // Asked again, nothing changes.
    expect((await user.client.post('/api/subscription/resume')).status).toBe(200);
    expect(tierPhases(await tierEventsOf(user.id))).toEqual(['pro', 'cancelled', 'pro']);
  });

  it('moves a running subscription to the annual plan at Stripe, and tells the plan', async () => {
    const { user, sessionId } = await proUser();
    expect((await user.client.get('/api/subscription')).body).toEqual({ priceId: 'price_pro_monthly' });

    const changed = await user.client.post('/api/subscription/plan', { priceId: 'price_pro_annual' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ priceId: 'price_pro_annual' });
    expect((await user.client.get('/api/subscription')).body).toEqual({ priceId: 'price_pro_annual' });
    const subscription = await stripeOf(stack).subscriptions.retrieve(await subscriptionOf(stack, sessionId));
    expect(subscription.items.data.map((item) => item.price.id)).toEqual(['price_pro_annual']);
    // Still Pro, nothing announced: the tier did not change.
    expect(await limitsOf(user)).toMatchObject({ isPro: true, subscription: { isCancelled: false } });
    expect(tierPhases(await tierEventsOf(user.id))).toEqual(['pro']);

    const unknown = await user.client.post<ApiError>('/api/subscription/plan', { priceId: 'price_free' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Choose the monthly or the annual Pro plan.' });
  });

  it('has no plan for a free user, and nothing to change', async () => {
    const user = await newUser();
    expect((await user.client.get('/api/subscription')).body).toEqual({ priceId: null });
    const res = await user.client.post<ApiError>('/api/subscription/plan', { priceId: 'price_pro_annual' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'You have no subscription whose plan could change.',
    });
  });

  it('has nothing to resume for a free user', async () => {
    const user = await newUser();
    const res = await user.client.post<ApiError>('/api/subscription/resume');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'You have no subscription to resume.' });
  });

  it('refuses every billing call without a session', async () => {
    const anonymous = await newUser();
    anonymous.client.useCookie(undefined);
    for (const [method, path] of [
      ['POST', '/api/create-subscription'],
      ['GET', '/api/checkout-session/cs_test_x'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/subscription/resume'],
      ['GET', '/api/subscription'],
      ['POST', '/api/subscription/plan'],
    ] as const) {
      const res = await anonymous.client.send(method, path, method === 'POST' ? {} : undefined, {});
      expect(res.status).toBe(401);
    }
  });

  it('lets a subscription Stripe no longer knows wait longer after each failed re-read, not come back every pass', async () => {
    const user = await newUser();
    const id = `sub_unknown_to_stripe_${user.id}`;
    await databaseQuery(
      stack,
      `INSERT INTO billing.subscriptions (id, user_id, customer_id, price_id, status, current_period_end, synced_at)
       VALUES ($1, $2, 'cus_unknown', 'price_pro_monthly', 'active', now() + interval '20 days', now() - interval '1 hour')`,
      [id, user.id],
    );
    const row = () =>
      databaseQuery<{ sweep_failures: number; waiting: boolean }>(
        stack,
        `SELECT sweep_failures, sweep_retry_at > now() + interval '50 seconds' AS waiting
         FROM billing.subscriptions WHERE id = $1`,
        [id],
      );
    await eventually(row, (rows) => rows[0].sweep_failures === 1, 15_000);
    // The sweep passes every 300 ms here; this row now waits a minute instead of filling each pass.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await row()).toEqual([{ sweep_failures: 1, waiting: true }]);
  });

  it('keeps one consistent state with two replicas answering status calls while the sweep runs', async () => {
    const second = await stack.startService('billing');
    try {
      const user = await newUser();
      const { sessionId } = await startCheckout(user);
      await pay(stack, sessionId);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          user.client.get<{ success: boolean }>(`/api/checkout-session/${sessionId}`),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
      expect(answers.every((res) => res.body.success)).toBe(true);
      await user.client.post('/api/subscription/cancel');
      const subscriptionId = await subscriptionOf(stack, sessionId);
      // The sweeps of both replicas re-read the subscription every second meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2_500));

      const stripe = await stripeOf(stack).subscriptions.retrieve(subscriptionId);
      const rows = await databaseQuery<{ status: string; ends_at: Date; version: number }>(
        stack,
        'SELECT status, ends_at, version FROM billing.subscriptions WHERE user_id = $1',
        [user.id],
      );
      expect(rows).toEqual([
        { status: stripe.status, ends_at: new Date(stripe.cancel_at! * 1000), version: 2 },
      ]);
      expect(tierPhases(await tierEventsOf(user.id))).toEqual(['pro', 'cancelled']);
      const limits = await limitsOf(user);
      expect(limits).toMatchObject<Partial<LimitsRecord>>({
        isPro: true,
        subscription: { isCancelled: true, endsAt: new Date(stripe.cancel_at! * 1000).toISOString() },
      });
    } finally {
      await second.stop();
    }
  });

  it('answers 503 on every billing call while billing is down, and nothing is half done', async () => {
    const { user } = await proUser();
    const free = await newUser();
    await stack.services.billing.stop();
    try {
      const calls = [
        () =>
          free.client.post<ApiError>(
            '/api/create-subscription',
            { priceId: 'price_pro_monthly' },
            { allowServerError: true },
          ),
        () => user.client.get<ApiError>('/api/checkout-session/cs_test_any', { allowServerError: true }),
        () => user.client.post<ApiError>('/api/subscription/cancel', undefined, { allowServerError: true }),
        () => user.client.post<ApiError>('/api/subscription/resume', undefined, { allowServerError: true }),
        () => user.client.get<ApiError>('/api/subscription', { allowServerError: true }),
        // The data export holds the subscriptions: a 503 before any byte, never a file without them.
        () => user.client.get<ApiError>('/api/user/export', { allowServerError: true }),
        () =>
          user.client.post<ApiError>(
            '/api/subscription/plan',
            { priceId: 'price_pro_annual' },
            { allowServerError: true },
          ),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE });
      }
    } finally {
      await stack.startService('billing');
    }
    expect(await limitsOf(user)).toMatchObject({ isPro: true, subscription: { isCancelled: false } });
    expect(await limitsOf(free)).toMatchObject({ isPro: false });
    expect(
      await databaseQuery(stack, 'SELECT 1 FROM billing.checkout_sessions WHERE user_id = $1', [free.id]),
    ).toEqual([]);
    await expect(startCheckout(free)).resolves.toMatchObject({
      sessionId: expect.stringMatching(/^cs_test_/),
    });
  });
});
