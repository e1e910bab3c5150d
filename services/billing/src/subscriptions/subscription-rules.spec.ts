import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { FREE, grantsPro, sameTier, stateOf, tierOf, type SubscriptionState } from './subscription-rules';

const now = new Date('2026-06-01T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const subscription = (fields: Partial<SubscriptionState>): SubscriptionState => ({
  status: 'active',
  currentPeriodEnd: days(30),
  endsAt: null,
  endedAt: null,
  ...fields,
});

describe('subscription rules', () => {
  it('grants Pro while active, trialing or past due, and not otherwise', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(grantsPro(subscription({ status }), now)).toBe(true);
    }
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(grantsPro(subscription({ status }), now)).toBe(false);
    }
  });

  it('keeps a cancelled subscription Pro until its end date, and not a moment longer', () => {
    expect(grantsPro(subscription({ endsAt: days(1) }), now)).toBe(true);
    expect(grantsPro(subscription({ endsAt: now }), now)).toBe(false);
    // Stripe may not have said it ended yet: the date alone decides.
    expect(grantsPro(subscription({ status: 'active', endsAt: days(-1) }), now)).toBe(false);
  });

  it('makes a user without a running subscription free', () => {
    expect(tierOf([], now)).toEqual(FREE);
    expect(tierOf([subscription({ status: 'canceled', endedAt: days(-3) })], now)).toEqual(FREE);
  });

  it('reads a cancelled subscription as Pro, cancelled, ending on its end date', () => {
    expect(tierOf([subscription({ endsAt: days(10) })], now)).toEqual({
      isPro: true,
      isCancelled: true,
      endsAt: days(10),
    });
  });

  it('is not cancelled while any running subscription renews, and ends with the last one otherwise', () => {
    expect(tierOf([subscription({ endsAt: days(10) }), subscription({})], now)).toEqual({
      isPro: true,
      isCancelled: false,
      endsAt: null,
    });
    expect(tierOf([subscription({ endsAt: days(10) }), subscription({ endsAt: days(20) })], now)).toEqual({
      isPro: true,
      isCancelled: true,
      endsAt: days(20),
    });
  });

  it('compares tiers by value, end dates included', () => {
    const cancelled = { isPro: true, isCancelled: true, endsAt: days(5) };
    expect(sameTier(cancelled, { ...cancelled, endsAt: new Date(days(5).getTime()) })).toBe(true);
    expect(sameTier(cancelled, { ...cancelled, endsAt: days(6) })).toBe(false);
    expect(sameTier(FREE, { ...FREE })).toBe(true);
  });

  it('reads the period end from the items and the end date from cancel_at or the period', () => {
    const seconds = (date: Date) => date.getTime() / 1000;
    const stripeSubscription = (fields: Partial<Stripe.Subscription>) =>
      ({
        status: 'active',
        cancel_at: null,
        cancel_at_period_end: false,
        ended_at: null,
        items: { data: [{ current_period_end: seconds(days(30)), price: { id: 'price_m' } }] },
        ...fields,
      }) as unknown as Stripe.Subscription;
    expect(stateOf(stripeSubscription({}))).toEqual({
      status: 'active',
      priceId: 'price_m',
      currentPeriodEnd: days(30),
      endsAt: null,
      endedAt: null,
    });
    expect(stateOf(stripeSubscription({ cancel_at_period_end: true })).endsAt).toEqual(days(30));
    expect(stateOf(stripeSubscription({ cancel_at: seconds(days(7)) })).endsAt).toEqual(days(7));
  });
});
