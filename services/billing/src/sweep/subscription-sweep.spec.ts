import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import type Stripe from 'stripe';
import { FakeQueue, FakeStripe } from '../../test/fakes/fake-stripe';
import {
  billingRules,
  inMemoryBilling,
  silentLogger,
  testBillingConfig,
  type InMemoryBilling,
} from '../../test/fakes/in-memory-billing';
import { SubscriptionSweep } from './subscription-sweep';

const userId = 1;

describe('SubscriptionSweep', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let queue: FakeQueue;
  let rules: ReturnType<typeof billingRules>;
  let sweep: SubscriptionSweep;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    queue = new FakeQueue();
    rules = billingRules(billing, stripe);
    sweep = new SubscriptionSweep(
      billing,
      testBillingConfig,
      silentLogger,
      rules.mirror,
      rules.ledger,
      queue.queue,
    );
  });

  /** One pass of the running sweep: in memory it ends before the next macrotask. */
  async function sweepOnce(): Promise<void> {
    sweep.onApplicationBootstrap();
    await new Promise((resolve) => setImmediate(resolve));
    await sweep.beforeApplicationShutdown();
  }

  async function cancelledUser(): Promise<string> {
    const { url } = await rules.checkout.create({ userId, priceId: 'price_pro_monthly' });
    const sessionId = url.split('/').pop()!;
    const subscriptionId = stripe.pay(sessionId);
    await rules.checkout.status({ userId, sessionId });
    await rules.subscriptions.cancel({ userId });
    return subscriptionId;
  }

  const phases = () =>
    billing
      .eventsOf(eventSubjects.tierChanged)
      .map((event) => (!event.isPro ? 'free' : event.isCancelled ? 'cancelled' : 'pro'));

  it('ends a cancelled subscription at its end date though Stripe cannot be reached', async () => {
    await cancelledUser();
    const [subscription] = billing.tables.subscriptions;
    const past = new Date(Date.now() - 1_000);
    Object.assign(subscription, { endsAt: past, currentPeriodEnd: past });
    Object.assign(billing.tables.tiers[0], { endsAt: past });
    stripe.down = true;
    await sweepOnce();
    expect(phases()).toEqual(['pro', 'cancelled', 'free']);
    expect(billing.tables.tiers).toMatchObject([{ isPro: false, version: 3 }]);
    // Stripe's state is kept as last read: only the date decided.
    expect(subscription.status).toBe('active');
  });

  it('re-reads a subscription unread since its period ended, learning what Stripe never said', async () => {
    const subscriptionId = await cancelledUser();
    stripe.end(subscriptionId);
    billing.tables.subscriptions[0].currentPeriodEnd = new Date(Date.now() - 1_000);
    billing.tables.subscriptions[0].syncedAt = new Date(Date.now() - 2_000);
    await sweepOnce();
    expect(billing.tables.subscriptions[0]).toMatchObject({ status: 'canceled' });
    expect(phases()).toEqual(['pro', 'cancelled', 'free']);
  });

  it('leaves alone a user whose subscriptions were read recently and whose tier has not ended', async () => {
    await cancelledUser();
    stripe.reads.length = 0;
    await sweepOnce();
    expect(stripe.reads).toEqual([]);
    expect(phases()).toEqual(['pro', 'cancelled']);
  });

  it('skips a user another replica is working on, without waiting', async () => {
    await cancelledUser();
    billing.tables.subscriptions[0].syncedAt = new Date(0);
    billing.tables.busyUsers.push(userId);
    stripe.reads.length = 0;
    await sweepOnce();
    expect(stripe.reads).toEqual([]);
  });

  it('queues again the stored events left unapplied for longer than an interval', async () => {
    const store = (id: string) =>
      billing.direct.stripeEvents.store({
        id,
        type: 'invoice.paid',
        data: { object: {} },
      } as unknown as Stripe.Event);
    await store('evt_old');
    await store('evt_new');
    await store('evt_applied');
    const longAgo = new Date(Date.now() - 2 * testBillingConfig.BILLING_SWEEP_INTERVAL_MS);
    for (const row of billing.tables.stripeEvents) if (row.id !== 'evt_new') row.receivedAt = longAgo;
    await billing.direct.stripeEvents.markApplied('evt_applied');
    await sweepOnce();
    expect(queue.requeued).toEqual(['evt_old']);
  });

  it('lets a subscription it cannot re-read wait longer after each failure, so it never fills a pass', async () => {
    const subscriptionId = await cancelledUser();
    const [subscription] = billing.tables.subscriptions;
    subscription.syncedAt = new Date(Date.now() - testBillingConfig.BILLING_RESYNC_AFTER_MS - 1_000);
    const due = () =>
      billing.direct.subscriptions.dueUsers(['canceled'], testBillingConfig.BILLING_RESYNC_AFTER_MS, 100);
    expect(await due()).toEqual([userId]);

    stripe.down = true;
    await sweepOnce();
    expect(subscription.sweepFailures).toBe(1);
    const firstWait = subscription.sweepRetryAt!.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    // Waiting: not due, so other users get the pass.
    expect(await due()).toEqual([]);

    subscription.sweepRetryAt = new Date(Date.now() - 1);
    await sweepOnce();
    expect(subscription.sweepFailures).toBe(2);
    expect(subscription.sweepRetryAt!.getTime() - Date.now()).toBeGreaterThan(110_000);

    // Read once Stripe answers: no more waiting.
    stripe.down = false;
    subscription.sweepRetryAt = new Date(Date.now() - 1);
    await sweepOnce();
    expect(billing.tables.subscriptions.find((row) => row.id === subscriptionId)).toMatchObject({
      sweepFailures: 0,
      sweepRetryAt: null,
    });
  });
});
