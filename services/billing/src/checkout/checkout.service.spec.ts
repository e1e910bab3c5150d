import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import {
  billingRules,
  failureOf,
  inMemoryBilling,
  type InMemoryBilling,
} from '../../test/fakes/in-memory-billing';

const MONTHLY = 'price_pro_monthly';
const userId = 1;
const otherUserId = 2;

describe('CheckoutService', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let rules: ReturnType<typeof billingRules>;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    rules = billingRules(billing, stripe);
  });

  const checkout = async (user = userId) => {
    const { url } = await rules.checkout.create({ userId: user, priceId: MONTHLY });
    return url.split('/').pop()!;
  };

  const paidUser = async () => {
    const sessionId = await checkout();
    stripe.pay(sessionId);
    expect(await rules.checkout.status({ userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    return sessionId;
  };

  it('refuses a price that is not one of the two Pro plans, naming the field', async () => {
    expect(await failureOf(rules.checkout.create({ userId, priceId: 'price_free' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Choose the monthly or the annual Pro plan.',
      fields: { priceId: 'Choose the monthly or the annual Pro plan.' },
      rules: { priceId: 'invalid' },
    });
    expect(stripe.checkoutsCreated).toEqual([]);
  });

  it('sends the user to the hosted checkout, back to PUBLIC_URL, with one customer however often they start', async () => {
    const first = await checkout();
    await rules.checkout.create({ userId, priceId: 'price_pro_annual' });
    expect(stripe.customersCreated).toEqual([userId]);
    expect(billing.tables.customers).toMatchObject([{ userId, stripeCustomerId: 'cus_1' }]);
    expect(stripe.checkoutsCreated).toEqual([
      {
        userId,
        customerId: 'cus_1',
        priceId: MONTHLY,
        successUrl: 'http://app.test/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://app.test/subscribe',
      },
      expect.objectContaining({ priceId: 'price_pro_annual', customerId: 'cus_1' }),
    ]);
    expect(billing.tables.checkouts.map((row) => [row.id, row.userId])).toEqual([
      [first, userId],
      [expect.stringMatching(/^cs_test_/), userId],
    ]);
  });

  it('answers not paid before paying, then paid with the tier version that made the user Pro, announced once', async () => {
    const sessionId = await checkout();
    expect(await rules.checkout.status({ userId, sessionId })).toEqual({
      paid: false,
      tierVersion: 0,
      refunded: false,
    });
    stripe.pay(sessionId);
    expect(await rules.checkout.status({ userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    expect(await rules.checkout.status({ userId, sessionId })).toEqual({
      paid: true,
      tierVersion: 1,
      refunded: false,
    });
    expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
      { userId, isPro: true, isCancelled: false, endsAt: null, version: 1 },
    ]);
    expect(billing.tables.checkouts[0]).toMatchObject({
      subscriptionId: expect.stringMatching(/^sub_/),
      completedAt: expect.any(Date),
    });
  });

  it('shows a checkout to the user who started it and to nobody else', async () => {
    const sessionId = await checkout();
    for (const request of [
      { userId: otherUserId, sessionId },
      { userId, sessionId: 'cs_test_unknown' },
    ]) {
      expect(await failureOf(rules.checkout.status(request))).toEqual({
        code: 'NOT_FOUND',
        message: 'Checkout session not found',
        params: { subject: 'checkout' },
      });
    }
  });

  it('gives a Pro user no second checkout', async () => {
    await paidUser();
    expect(await failureOf(rules.checkout.create({ userId, priceId: MONTHLY }))).toEqual({
      code: 'SUBSCRIPTION_ALREADY_ACTIVE',
      message: 'You already have an active Pro subscription.',
    });
    expect(stripe.checkoutsCreated).toHaveLength(1);
  });

  it('gives no second checkout to a user who paid in another tab before billing heard of it', async () => {
    stripe.pay(await checkout());
    // Neither the status call nor a webhook has told billing: the open checkout is read instead.
    expect(await failureOf(rules.checkout.create({ userId, priceId: MONTHLY }))).toEqual({
      code: 'SUBSCRIPTION_ALREADY_ACTIVE',
      message: 'You already have an active Pro subscription.',
    });
    // The refused checkout's live read announced Pro (version 1); the cancel announces version 2.
    expect(await rules.subscriptions.cancel({ userId })).toEqual({ tierVersion: 2 });
  });

  it('lets a user whose subscription ended subscribe anew', async () => {
    const sessionId = await paidUser();
    stripe.end(billing.tables.checkouts.find((row) => row.id === sessionId)!.subscriptionId!);
    await expect(checkout()).resolves.toMatch(/^cs_test_/);
    expect(billing.eventsOf(eventSubjects.tierChanged).map((event) => event.isPro)).toEqual([true, false]);
  });

  it('says payments are unavailable and stores nothing when Stripe cannot be reached', async () => {
    stripe.down = true;
    expect(await failureOf(rules.checkout.create({ userId, priceId: MONTHLY }))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Payments are unavailable right now. Please try again in a moment.',
    });
    expect(billing.tables).toMatchObject({ customers: [], checkouts: [], subscriptions: [] });
    expect(billing.events).toEqual([]);
  });

  it('keeps no customer made in a checkout that Stripe answered without a page', async () => {
    stripe.withoutUrl = true;
    expect((await failureOf(rules.checkout.create({ userId, priceId: MONTHLY }))).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(billing.tables.customers).toEqual([]);
    expect(billing.tables.checkouts).toEqual([]);
  });

  describe('one paid subscription at most', () => {
    it('ends the open checkout when another starts, so monthly in one tab and annual in another cannot both be paid', async () => {
      const monthly = await checkout();
      const { url } = await rules.checkout.create({ userId, priceId: 'price_pro_annual' });
      const annual = url.split('/').pop()!;
      expect(stripe.expired).toEqual([monthly]);
      expect(() => stripe.pay(monthly)).toThrow('expired');
      stripe.pay(annual);
      expect(await rules.checkout.status({ userId, sessionId: annual })).toMatchObject({ paid: true });
      expect(await rules.checkout.status({ userId, sessionId: monthly })).toMatchObject({ paid: false });
      expect(billing.tables.subscriptions).toHaveLength(1);
    });

    it('cancels at once and refunds a second subscription paid all the same, keeping the first', async () => {
      const first = await checkout();
      // A second checkout Stripe did not let billing end (started before this rule, say).
      const second = (
        await stripe.createCheckout({
          userId,
          customerId: 'cus_1',
          priceId: MONTHLY,
          successUrl: '',
          cancelUrl: '',
        })
      ).id;
      billing.tables.checkouts.push({
        id: second,
        userId,
        priceId: MONTHLY,
        subscriptionId: null,
        completedAt: null,
        expiredAt: null,
        refundedAt: null,
        createdAt: new Date(),
      });
      const kept = stripe.pay(first);
      const extra = stripe.pay(second);
      expect(await rules.checkout.status({ userId, sessionId: first })).toMatchObject({
        paid: true,
        refunded: false,
      });
      // The second checkout's page learns its payment was given back.
      expect(await rules.checkout.status({ userId, sessionId: second })).toMatchObject({
        paid: true,
        refunded: true,
      });
      expect(stripe.refunded).toEqual([extra]);
      expect(stripe.subscriptions.get(extra)).toMatchObject({ status: 'canceled' });
      expect(stripe.subscriptions.get(kept)).toMatchObject({ status: 'active' });
      expect(billing.tables.subscriptions.find((row) => row.id === extra)).toMatchObject({
        status: 'canceled',
      });
      // Pro all along, announced once.
      expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
        expect.objectContaining({ isPro: true, isCancelled: false, version: 1 }),
      ]);
    });
  });
});
