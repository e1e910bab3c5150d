import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import {
  billingRules,
  failureOf,
  inMemoryBilling,
  type InMemoryBilling,
} from '../../test/fakes/in-memory-billing';

const userId = 1;

describe('SubscriptionsService', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let rules: ReturnType<typeof billingRules>;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    rules = billingRules(billing, stripe);
  });

  async function proUser(): Promise<string> {
    const { url } = await rules.checkout.create({ userId, priceId: 'price_pro_monthly' });
    const sessionId = url.split('/').pop()!;
    const subscriptionId = stripe.pay(sessionId);
    await rules.checkout.status({ userId, sessionId });
    return subscriptionId;
  }

  it('has nothing to cancel for a user without a subscription', async () => {
    expect(await failureOf(rules.subscriptions.cancel({ userId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'You have no active subscription to cancel.',
      params: { subject: 'subscription' },
    });
    expect(billing.events).toEqual([]);
  });

  it('cancels at the period’s end: still Pro, cancelled, with the end date; a second cancel changes nothing', async () => {
    const subscriptionId = await proUser();
    expect(await rules.subscriptions.cancel({ userId })).toEqual({ tierVersion: 2 });
    expect(await rules.subscriptions.cancel({ userId })).toEqual({ tierVersion: 2 });
    const [subscription] = billing.tables.subscriptions;
    expect(subscription).toMatchObject({ id: subscriptionId, version: 2 });
    expect(subscription.endsAt).toEqual(subscription.currentPeriodEnd);
    expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
      { userId, isPro: true, isCancelled: false, endsAt: null, version: 1 },
      { userId, isPro: true, isCancelled: true, endsAt: subscription.endsAt!.toISOString(), version: 2 },
    ]);
  });

  it('asks Stripe to cancel only what still renews', async () => {
    const subscriptionId = await proUser();
    await rules.subscriptions.cancel({ userId });
    await rules.subscriptions.cancel({ userId });
    expect(stripe.cancelled).toEqual([subscriptionId]);
  });

  it('has nothing to cancel once the subscription ended, though billing had not heard', async () => {
    const subscriptionId = await proUser();
    stripe.end(subscriptionId);
    expect((await failureOf(rules.subscriptions.cancel({ userId }))).code).toBe('NOT_FOUND');
    // The fresh read that found it ended is kept: the user is free again.
    expect(billing.eventsOf(eventSubjects.tierChanged).at(-1)).toMatchObject({ isPro: false, version: 2 });
  });

  it('resumes a cancelled subscription: Pro again with no end date; a second resume changes nothing', async () => {
    const subscriptionId = await proUser();
    await rules.subscriptions.cancel({ userId });
    expect(await rules.subscriptions.resume({ userId })).toEqual({ tierVersion: 3 });
    expect(await rules.subscriptions.resume({ userId })).toEqual({ tierVersion: 3 });
    expect(stripe.resumed).toEqual([subscriptionId]);
    expect(billing.tables.subscriptions[0]).toMatchObject({ id: subscriptionId, endsAt: null, version: 3 });
    expect(billing.eventsOf(eventSubjects.tierChanged).at(-1)).toEqual({
      userId,
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 3,
    });
  });

  it('resumes nothing for a subscription that renews already, and has nothing to resume without one', async () => {
    await proUser();
    expect(await rules.subscriptions.resume({ userId })).toEqual({ tierVersion: 1 });
    expect(stripe.resumed).toEqual([]);
    expect(await failureOf(rules.subscriptions.resume({ userId: 2 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'You have no subscription to resume.',
      params: { subject: 'subscriptionToResume' },
    });
  });

  it('cannot resume a subscription that has ended', async () => {
    const subscriptionId = await proUser();
    await rules.subscriptions.cancel({ userId });
    stripe.end(subscriptionId);
    expect((await failureOf(rules.subscriptions.resume({ userId }))).code).toBe('NOT_FOUND');
    expect(stripe.resumed).toEqual([]);
  });

  it('lists every subscription the user has had, for the data export, and none of another user’s', async () => {
    expect(await rules.subscriptions.history({ userId })).toEqual([]);
    const subscriptionId = await proUser();
    await rules.subscriptions.cancel({ userId });
    expect(await rules.subscriptions.history({ userId })).toEqual([
      {
        id: subscriptionId,
        priceId: 'price_pro_monthly',
        status: 'active',
        startedAt: expect.any(String),
        currentPeriodEnd: expect.any(String),
        endsAt: expect.any(String),
        endedAt: null,
        refundedAt: null,
      },
    ]);
    expect(await rules.subscriptions.history({ userId: userId + 1 })).toEqual([]);
  });

  it('tells the plan the user’s Pro renews at, and none without Pro', async () => {
    expect(await rules.subscriptions.plan({ userId })).toEqual({ priceId: null });
    await proUser();
    expect(await rules.subscriptions.plan({ userId })).toEqual({ priceId: 'price_pro_monthly' });
  });

  it('moves the running subscription to the other plan, once; a cancelled one keeps its end date', async () => {
    const subscriptionId = await proUser();
    await rules.subscriptions.cancel({ userId });
    const endsAt = billing.tables.subscriptions[0].endsAt;
    expect(await rules.subscriptions.changePlan({ userId, priceId: 'price_pro_annual' })).toEqual({
      priceId: 'price_pro_annual',
    });
    expect(await rules.subscriptions.changePlan({ userId, priceId: 'price_pro_annual' })).toEqual({
      priceId: 'price_pro_annual',
    });
    expect(billing.tables.subscriptions[0]).toMatchObject({
      id: subscriptionId,
      priceId: 'price_pro_annual',
      endsAt,
    });
    expect(await rules.subscriptions.plan({ userId })).toEqual({ priceId: 'price_pro_annual' });
    // The tier did not change: still Pro, still cancelled.
    expect(billing.eventsOf(eventSubjects.tierChanged)).toHaveLength(2);
  });

  it('refuses a price that is no Pro plan, and has no plan to change without a subscription', async () => {
    await proUser();
    expect((await failureOf(rules.subscriptions.changePlan({ userId, priceId: 'price_other' }))).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      await failureOf(rules.subscriptions.changePlan({ userId: 2, priceId: 'price_pro_annual' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'You have no subscription whose plan could change.',
      params: { subject: 'subscriptionToChange' },
    });
  });

  it('cancels nothing when Stripe cannot be reached', async () => {
    await proUser();
    stripe.down = true;
    expect((await failureOf(rules.subscriptions.cancel({ userId }))).code).toBe('SERVICE_UNAVAILABLE');
    expect(billing.tables.subscriptions[0]).toMatchObject({ endsAt: null, version: 1 });
    expect(billing.eventsOf(eventSubjects.tierChanged)).toHaveLength(1);
  });

  it('resumes nothing when Stripe cannot be reached: still cancelled, nothing announced', async () => {
    await proUser();
    await rules.subscriptions.cancel({ userId });
    const cancelled = { ...billing.tables.subscriptions[0] };
    stripe.down = true;
    expect((await failureOf(rules.subscriptions.resume({ userId }))).code).toBe('SERVICE_UNAVAILABLE');
    expect(billing.tables.subscriptions[0]).toEqual(cancelled);
    expect(billing.eventsOf(eventSubjects.tierChanged)).toHaveLength(2);
  });

  it('changes no plan when Stripe cannot be reached', async () => {
    await proUser();
    stripe.down = true;
    expect(
      (await failureOf(rules.subscriptions.changePlan({ userId, priceId: 'price_pro_annual' }))).code,
    ).toBe('SERVICE_UNAVAILABLE');
    stripe.down = false;
    expect(await rules.subscriptions.plan({ userId })).toEqual({ priceId: 'price_pro_monthly' });
    expect(billing.eventsOf(eventSubjects.tierChanged)).toHaveLength(1);
  });
});
