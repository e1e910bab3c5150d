import { beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import { inMemoryBilling, silentLogger, type InMemoryBilling } from '../../test/fakes/in-memory-billing';
import { SubscriptionMirror } from './subscription-mirror';

const userId = 1;
const HOUR_MS = 3_600_000;

describe('SubscriptionMirror', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let mirror: SubscriptionMirror;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    mirror = new SubscriptionMirror(stripe.api, silentLogger);
  });

  const sync = (id: string) => billing.transaction((tx) => mirror.sync(tx, userId, id));
  const syncLive = (onFailure: 'throw' | 'keep' = 'throw') =>
    billing.transaction((tx) => mirror.syncLive(tx, userId, onFailure));
  const openCheckout = (id: string, createdAt: Date) =>
    billing.tables.checkouts.push({
      id,
      userId,
      priceId: 'price_pro_monthly',
      subscriptionId: null,
      completedAt: null,
      expiredAt: null,
      refundedAt: null,
      createdAt,
    });

  it('stores a new subscription at version 1, and raises the version only when Stripe’s state changed', async () => {
    const id = stripe.subscription('cus_1');
    expect(await sync(id)).toMatchObject({ id, userId, customerId: 'cus_1', status: 'active', version: 1 });
    expect((await sync(id)).version).toBe(1);
    stripe.update(id, { status: 'past_due' });
    expect(await sync(id)).toMatchObject({ status: 'past_due', version: 2 });
    stripe.update(id, {
      items: { data: [{ current_period_end: 1, price: { id: 'price_pro_annual' } }] } as never,
    });
    expect(await sync(id)).toMatchObject({ priceId: 'price_pro_annual', version: 3 });
    expect(billing.tables.subscriptions).toHaveLength(1);
  });

  it('reads again the user’s subscriptions that may still change, never the finished ones', async () => {
    const running = stripe.subscription('cus_1');
    const finished = stripe.subscription('cus_1');
    await sync(running);
    await sync(finished);
    stripe.end(finished);
    await sync(finished);
    stripe.reads.length = 0;
    expect((await syncLive()).map((row) => row.id).sort()).toEqual([running, finished].sort());
    expect(stripe.reads).toEqual([running]);
  });

  it('finds a subscription paid in another tab through the user’s open checkout, and completes it once', async () => {
    const { id: checkoutId } = await stripe.createCheckout({
      userId,
      customerId: 'cus_1',
      priceId: 'price_pro_monthly',
      successUrl: '',
      cancelUrl: '',
    });
    openCheckout(checkoutId, new Date());
    expect(await syncLive()).toEqual([]);
    const subscriptionId = stripe.pay(checkoutId);
    expect((await syncLive()).map((row) => row.id)).toEqual([subscriptionId]);
    const completed = billing.tables.checkouts[0];
    expect(completed).toMatchObject({ subscriptionId, completedAt: expect.any(Date) });
    await billing.transaction((tx) => tx.checkouts.markCompleted(checkoutId, 'sub_other'));
    expect(billing.tables.checkouts[0]).toEqual(completed);
  });

  it('reads only the three newest open checkouts of the last day', async () => {
    const read: string[] = [];
    stripe.retrieveCheckout = async (id) => {
      read.push(id);
      return { id, status: 'open', payment_status: 'unpaid', subscription: null } as never;
    };
    const now = Date.now();
    for (const [id, hoursAgo] of [
      ['cs_old', 25],
      ['cs_1', 4],
      ['cs_2', 3],
      ['cs_3', 2],
      ['cs_4', 1],
    ] as const) {
      openCheckout(id, new Date(now - hoursAgo * HOUR_MS));
    }
    await syncLive();
    expect(read).toEqual(['cs_4', 'cs_3', 'cs_2']);
  });

  it('answers unpaid for a checkout not paid, storing nothing', async () => {
    const { id } = await stripe.createCheckout({
      userId,
      customerId: 'cus_1',
      priceId: 'price_pro_monthly',
      successUrl: '',
      cancelUrl: '',
    });
    openCheckout(id, new Date());
    expect(await billing.transaction((tx) => mirror.syncCheckout(tx, userId, id))).toBe(false);
    expect(billing.tables.subscriptions).toEqual([]);
    expect(billing.tables.checkouts[0].completedAt).toBeNull();
  });

  it('keeps the stored state when Stripe cannot be read for the sweep, and fails a call acting on it', async () => {
    const id = stripe.subscription('cus_1');
    await sync(id);
    stripe.down = true;
    expect(await syncLive('keep')).toMatchObject([{ id, status: 'active', version: 1 }]);
    await expect(syncLive('throw')).rejects.toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});
