import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import { billingRules, inMemoryBilling, type InMemoryBilling } from '../../test/fakes/in-memory-billing';
import { subscriptionEventOf } from '../../test/fakes/stripe-events';

const userId = 1;
const otherUserId = 2;

describe('AccountsService', () => {
  let billing: InMemoryBilling;
  let stripe: FakeStripe;
  let rules: ReturnType<typeof billingRules>;

  beforeEach(() => {
    billing = inMemoryBilling();
    stripe = new FakeStripe();
    rules = billingRules(billing, stripe);
  });

  /** A user who paid for Pro, billing told of it through the webhook of the checkout. */
  async function proUser(id: number) {
    const { url } = await rules.checkout.create({ userId: id, priceId: 'price_pro_monthly' });
    const session = url.split('/').pop()!;
    const subscription = stripe.pay(session);
    const event = subscriptionEventOf('checkout.session.completed', {
      subscription,
      session,
      customer: `cus_${id}`,
    });
    await billing.direct.stripeEvents.store(event);
    expect(await rules.processor.apply(event.id)).toBe('applied');
    return { session, subscription };
  }

  const rowsOf = (id: number) => {
    const t = billing.tables;
    return [t.customers, t.checkouts, t.subscriptions, t.tiers].flatMap((rows) =>
      (rows as { userId: number }[]).filter((row) => row.userId === id),
    );
  };

  it('cancels the running subscription at Stripe at once, then deletes every record of the user', async () => {
    const { subscription } = await proUser(userId);
    const other = await proUser(otherUserId);
    const othersBefore = rowsOf(otherUserId).length;
    const announced = billing.eventsOf(eventSubjects.tierChanged).length;

    await rules.accounts.userDeleted({ userId });
    expect(stripe.subscriptions.get(subscription)!.status).toBe('canceled');
    expect(stripe.subscriptions.get(other.subscription)!.status).toBe('active');
    expect(rowsOf(userId)).toEqual([]);
    expect(billing.tables.stripeEvents.map((event) => event.id)).toEqual([
      expect.stringContaining(other.subscription),
    ]);
    expect(rowsOf(otherUserId)).toHaveLength(othersBefore);
    // Every service deletes its own from the same event: no tier change is announced.
    expect(billing.eventsOf(eventSubjects.tierChanged)).toHaveLength(announced);
  });

  it('expires an open checkout, so it can no longer be paid', async () => {
    const { url } = await rules.checkout.create({ userId, priceId: 'price_pro_monthly' });
    const session = url.split('/').pop()!;
    await rules.accounts.userDeleted({ userId });
    expect(stripe.checkouts.get(session)!.status).toBe('expired');
    expect(() => stripe.pay(session)).toThrow('This checkout session is expired.');
    expect(rowsOf(userId)).toEqual([]);
  });

  it('ignores the webhook of the cancellation: nothing of the user comes back', async () => {
    const { subscription, session } = await proUser(userId);
    await rules.accounts.userDeleted({ userId });
    const cancelled = subscriptionEventOf('customer.subscription.deleted', {
      subscription,
      session,
      customer: `cus_${userId}`,
    });
    await billing.direct.stripeEvents.store(cancelled);
    expect(await rules.processor.apply(cancelled.id)).toBe('ignored');
    expect(rowsOf(userId)).toEqual([]);
  });

  it('ignores a webhook that was on its way as the account went, though it named the user', async () => {
    const { subscription, session } = await proUser(userId);
    const late = subscriptionEventOf('customer.subscription.updated', {
      subscription,
      session,
      customer: `cus_${userId}`,
    });
    // The deletion lands between the event's owner being looked up and its work (see AccountErased).
    await billing.direct.accounts.erase(userId);
    await billing.direct.customers.insert(userId, `cus_${userId}`);
    await billing.direct.stripeEvents.store(late);
    expect(await rules.processor.apply(late.id)).toBe('ignored');
    expect(billing.tables.tiers.filter((tier) => tier.userId === userId)).toEqual([]);
  });

  it('deletes nothing while Stripe cannot be reached, so the event comes again', async () => {
    await proUser(userId);
    const before = rowsOf(userId).length;
    stripe.down = true;
    await expect(rules.accounts.userDeleted({ userId })).rejects.toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(rowsOf(userId)).toHaveLength(before);
    stripe.down = false;
    await rules.accounts.userDeleted({ userId });
    expect(rowsOf(userId)).toEqual([]);
  });

  it('changes nothing when the deletion comes again, and deletes a user billing never saw', async () => {
    await proUser(userId);
    await rules.accounts.userDeleted({ userId });
    const after = structuredClone(billing.tables);
    await rules.accounts.userDeleted({ userId });
    expect(billing.tables).toEqual(after);
    await rules.accounts.userDeleted({ userId: 99 });
    expect(await billing.direct.accounts.isErased(99)).toBe(true);
  });
});
