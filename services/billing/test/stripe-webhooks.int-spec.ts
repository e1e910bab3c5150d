import type { ServiceClient } from '@promptlib/platform';
import { bullMqPrefix } from '@promptlib/platform';
import type { ServiceTestbed } from '@promptlib/platform/testing/services';
import { subjects } from '@promptlib/proto';
import type { RunningStripeSandbox } from '@promptlib/sandboxes';
import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';
import { eventually } from '@promptlib/platform/testing';
import type { BillingConfig } from '../src/config/billing-config';
import {
  payInSandbox,
  serviceFailure as failure,
  startBillingWithSandbox,
  tierEvents,
  type BillingWithSandbox,
} from './support/billing-with-sandbox';

describe('Stripe webhooks into billing: verified, stored once, applied once', () => {
  let setup: BillingWithSandbox;
  let sandbox: RunningStripeSandbox;
  let testbed: ServiceTestbed<BillingConfig>;
  let billing: ServiceClient;
  let stripe: Stripe;
  let nextUserId = 9_000;

  beforeAll(async () => {
    setup = await startBillingWithSandbox('billhook', { BILLING_SWEEP_INTERVAL_MS: '300' }, { health: true });
    ({ sandbox, testbed, billing, stripe } = setup);
  }, 180_000);

  afterAll(async () => {
    await setup?.close();
  });

  const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: setup.webhookSecret, timestamp });

  function ingest(payload: string, signature: string) {
    return billing.request(subjects.billing.webhooksIngest, {
      payloadBase64: Buffer.from(payload).toString('base64'),
      signature,
    });
  }

  /** A user who paid in the sandbox without billing hearing of it: the events Stripe made, as JSON. */
  async function paidWithoutTelling(): Promise<{ userId: number; events: Stripe.Event[] }> {
    const userId = (nextUserId += 1);
    const before = sandbox.deliveries().length;
    const { url } = await billing.request(subjects.billing.checkoutCreate, {
      userId,
      priceId: 'price_pro_monthly',
    });
    expect((await payInSandbox(url)).status).toBe(303);
    const events = sandbox
      .deliveries()
      .slice(before)
      .map((delivery) => delivery.event as unknown as Stripe.Event);
    return { userId, events };
  }

  const tierOf = (userId: number) =>
    testbed.query<{ is_pro: boolean; version: number }>(
      'SELECT is_pro, version FROM billing.user_tiers WHERE user_id = $1',
      [userId],
    );

  const tierVersions = async (userId: number) =>
    (await tierEvents(testbed, userId)).map((event) => event.version);

  const inboxRows = (id: string) =>
    testbed.query<{ processed_at: Date | null; outcome: string | null }>(
      'SELECT processed_at, outcome FROM billing.stripe_events WHERE id = $1',
      [id],
    );

  it('refuses a bad, a missing and a stale signature, and stores nothing', async () => {
    const { events } = await paidWithoutTelling();
    const payload = JSON.stringify(events[0]);
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 6 * 60);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of ['', 't=1,v1=00', forged, stale]) {
      expect(await failure(ingest(payload, signature))).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The Stripe-Signature header is missing, invalid or too old.',
      });
    }
    // A body changed after signing fails too.
    expect(
      (await failure(ingest(payload.replace('"livemode":false', '"livemode":true'), sign(payload)))).code,
    ).toBe('VALIDATION_FAILED');
    expect(await inboxRows(events[0].id)).toEqual([]);
  });

  it('makes a paid user Pro from the webhook alone', async () => {
    const { userId, events } = await paidWithoutTelling();
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const payload = JSON.stringify(completed);
    expect(await ingest(payload, sign(payload))).toEqual({ received: true });
    const tier = await eventually(
      () => tierOf(userId),
      (rows) => rows[0]?.is_pro === true,
    );
    expect(tier).toEqual([{ is_pro: true, version: 1 }]);
    expect(await inboxRows(completed.id)).toEqual([{ processed_at: expect.any(Date), outcome: 'applied' }]);
  });

  it('applies one event once: 5 times in a row, 10 at once, and again after its job was removed', async () => {
    const { userId, events } = await paidWithoutTelling();
    const paid = events.find((event) => event.type === 'invoice.paid')!;
    const payload = JSON.stringify(paid);
    for (let i = 0; i < 5; i += 1) expect(await ingest(payload, sign(payload))).toEqual({ received: true });
    const answers = await Promise.all(Array.from({ length: 10 }, () => ingest(payload, sign(payload))));
    expect(answers).toEqual(Array(10).fill({ received: true }));
    await eventually(
      () => inboxRows(paid.id),
      (rows) => rows[0]?.processed_at !== null,
    );
    // The completed job is gone from the queue; the replay meets the inbox row instead.
    expect(await ingest(payload, sign(payload))).toEqual({ received: true });
    await sleep(500);
    expect(await testbed.query('SELECT 1 FROM billing.stripe_events WHERE id = $1', [paid.id])).toHaveLength(
      1,
    );
    expect(await tierOf(userId)).toEqual([{ is_pro: true, version: 1 }]);
    expect(await tierVersions(userId)).toEqual([1]);
  });

  it('ignores a verified event about a customer that is not ours', async () => {
    const payload = JSON.stringify({
      id: 'evt_not_ours',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_not_ours', object: 'subscription', customer: 'cus_not_ours' } },
    });
    expect(await ingest(payload, sign(payload))).toEqual({ received: true });
    expect(
      await eventually(
        () => inboxRows('evt_not_ours'),
        (rows) => rows[0]?.outcome !== null,
      ),
    ).toEqual([{ processed_at: expect.any(Date), outcome: 'ignored' }]);
  });

  it('applies a stored event whose queue Redis lost, through the sweep', async () => {
    const { userId, events } = await paidWithoutTelling();
    const created = events.find((event) => event.type === 'customer.subscription.created')!;
    // Stored as the inbox stores it, while the queue's keys are wiped: the job is lost with them.
    await testbed.query('INSERT INTO billing.stripe_events (id, type, payload) VALUES ($1, $2, $3)', [
      created.id,
      created.type,
      JSON.stringify(created),
    ]);
    const redis = new Redis(testbed.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${bullMqPrefix(testbed.namespace)}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    const tier = await eventually(
      () => tierOf(userId),
      (rows) => rows[0]?.is_pro === true,
    );
    expect(tier).toEqual([{ is_pro: true, version: 1 }]);
    expect(await inboxRows(created.id)).toEqual([{ processed_at: expect.any(Date), outcome: 'applied' }]);
  });

  it('shows the queue and the inbox on /metrics', async () => {
    const metrics = await (await fetch(`${testbed.healthUrl}/metrics`)).text();
    expect(metrics).toMatch(/^billing_stripe_event_jobs\{state="failed",app="billing"\} \d+$/m);
    expect(metrics).toMatch(/^billing_stripe_event_jobs\{state="waiting",app="billing"\} \d+$/m);
    expect(metrics).toMatch(/^billing_stripe_event_jobs\{state="active",app="billing"\} \d+$/m);
    expect(metrics).toMatch(/^billing_stripe_inbox_oldest_unprocessed_seconds\{app="billing"\} [\d.]+$/m);
  });
});
