import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import type Stripe from 'stripe';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import { billingRules, inMemoryBilling, type InMemoryBilling } from '../../test/fakes/in-memory-billing';
import { subscriptionEventOf } from '../../test/fakes/stripe-events';
import { APPLIED_EVENT_TYPES } from './event-target';

const userId = 1;

describe('StripeEventProcessor', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let rules: ReturnType<typeof billingRules>;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    rules = billingRules(billing, stripe);
  });

  const stored = async (event: Stripe.Event) => {
    await billing.direct.stripeEvents.store(event);
    return event.id;
  };
  const inbox = (id: string) => billing.tables.stripeEvents.find((event) => event.id === id)!;

  async function paidCheckout() {
    const customer = 'cus_1';
    await billing.direct.customers.insert(userId, customer);
    const { id: session } = await stripe.createCheckout({
      userId,
      customerId: customer,
      priceId: 'price_pro_monthly',
      successUrl: '',
      cancelUrl: '',
    });
    await billing.direct.checkouts.insert({ id: session, userId, priceId: 'price_pro_monthly' });
    return { session, customer, subscription: stripe.pay(session) };
  }

  it('applies an event once: the subscription read fresh, its checkout completed, the event marked applied', async () => {
    const ids = await paidCheckout();
    const id = await stored(subscriptionEventOf('checkout.session.completed', ids));
    expect(await rules.processor.apply(id)).toBe('applied');
    expect(await rules.processor.apply(id)).toBe('already-applied');
    expect(inbox(id)).toMatchObject({ outcome: 'applied', processedAt: expect.any(Date), attempts: 1 });
    expect(billing.tables.subscriptions).toMatchObject([{ id: ids.subscription, userId, status: 'active' }]);
    expect(billing.tables.checkouts[0]).toMatchObject({ subscriptionId: ids.subscription });
    expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
      { userId, isPro: true, isCancelled: false, endsAt: null, version: 1 },
    ]);
  });

  it('answers not-in-inbox for an event never stored', async () => {
    expect(await rules.processor.apply('evt_unknown')).toBe('not-in-inbox');
  });

  it('ignores an event about a customer that is not ours, and one about no subscription', async () => {
    const notOurs = await stored(
      subscriptionEventOf('customer.subscription.updated', {
        subscription: 'sub_x',
        customer: 'cus_x',
        session: 'cs_x',
      }),
    );
    const aboutNothing = await stored({
      id: 'evt_customer',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_y' } },
    } as unknown as Stripe.Event);
    for (const id of [notOurs, aboutNothing]) {
      expect(await rules.processor.apply(id)).toBe('ignored');
      expect(inbox(id)).toMatchObject({ processedAt: expect.any(Date), outcome: 'ignored' });
      expect(await rules.processor.apply(id)).toBe('already-applied');
    }
    expect(stripe.reads).toEqual([]);
    expect(billing.events).toEqual([]);
  });

  it('finds the user by the subscription, or by the customer, when no checkout of ours started it', async () => {
    await billing.direct.customers.insert(userId, 'cus_1');
    const subscription = stripe.subscription('cus_1');
    const byCustomer = await stored(
      subscriptionEventOf('customer.subscription.created', {
        subscription,
        customer: 'cus_1',
        session: 'cs_none',
      }),
    );
    expect(await rules.processor.apply(byCustomer)).toBe('applied');
    const bySubscription = await stored(
      subscriptionEventOf('invoice.paid', { subscription, customer: 'cus_other', session: 'cs_none' }, 1),
    );
    expect(await rules.processor.apply(bySubscription)).toBe('applied');
    expect(billing.tables.subscriptions).toMatchObject([{ id: subscription, userId }]);
  });

  it('leaves the event to try again, counting the attempt, when Stripe cannot be read', async () => {
    const ids = await paidCheckout();
    const id = await stored(subscriptionEventOf('invoice.paid', ids));
    stripe.down = true;
    await expect(rules.processor.apply(id)).rejects.toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    await rules.processor.recordFailure(id, new Error('x'.repeat(1_500)));
    expect(inbox(id)).toMatchObject({
      processedAt: null,
      outcome: null,
      attempts: 1,
      lastError: 'x'.repeat(1_000),
    });
    expect(billing.tables.subscriptions).toEqual([]);
    stripe.down = false;
    expect(await rules.processor.apply(id)).toBe('applied');
    expect(inbox(id)).toMatchObject({ attempts: 2, lastError: null, outcome: 'applied' });
  });

  it('ends in the tier of Stripe’s state, each event applied once, whatever the order of the six events', async () => {
    const permutations = <T>(items: T[]): T[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
          );
    const endings = [
      { status: 'active', cancel_at_period_end: false, tier: { isPro: true, isCancelled: false } },
      { status: 'active', cancel_at_period_end: true, tier: { isPro: true, isCancelled: true } },
      { status: 'past_due', cancel_at_period_end: false, tier: { isPro: true, isCancelled: false } },
      { status: 'canceled', cancel_at_period_end: false, tier: { isPro: false, isCancelled: false } },
    ] as const;
    const orders = permutations(APPLIED_EVENT_TYPES.map((type, index) => ({ type, index })));
    expect(orders).toHaveLength(720);
    for (const [n, order] of orders.entries()) {
      billing = inMemoryBilling();
      stripe = new FakeStripe();
      rules = billingRules(billing, stripe);
      const ids = await paidCheckout();
      const { tier, ...ending } = endings[n % endings.length];
      stripe.update(ids.subscription, {
        ...ending,
        ended_at: ending.status === 'canceled' ? Math.floor(Date.now() / 1000) : null,
      });
      const events = order.map(({ type, index }) => subscriptionEventOf(type, ids, index));
      for (const event of events) await stored(event);
      const outcomes = [];
      for (const event of [...events, ...events]) outcomes.push(await rules.processor.apply(event.id));
      expect(outcomes).toEqual([...Array(6).fill('applied'), ...Array(6).fill('already-applied')]);
      expect(billing.tables.tiers).toMatchObject([{ ...tier, version: tier.isPro ? 1 : 0 }]);
    }
  });
});
