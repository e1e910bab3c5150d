import type Stripe from 'stripe';
import type { StripeApi } from '../../src/stripe/stripe-api';
import { APPLIED_EVENT_TYPES } from '../../src/webhooks/event-target';
import { subscriptionEventOf } from './stripe-events';

/**
 * One subscription's six event types delivered in every order (720), each order about a
 * subscription of its own: what the worker must bring to the tier of Stripe's state whatever the
 * order, applying each event once. The unit spec runs every order on the in-memory repositories,
 * the integration test a sample of them on Postgres.
 */

// How the subscription stands at Stripe once the events are out, and the tier that follows.
// Order n ends as ENDINGS[n % 4].
export const ENDINGS = [
  { status: 'active', cancelAtPeriodEnd: false, tier: { isPro: true, isCancelled: false } },
  { status: 'active', cancelAtPeriodEnd: true, tier: { isPro: true, isCancelled: true } },
  { status: 'past_due', cancelAtPeriodEnd: false, tier: { isPro: true, isCancelled: false } },
  { status: 'canceled', cancelAtPeriodEnd: false, tier: { isPro: false, isCancelled: false } },
];

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Every order of the six types, each type with its index among them (which tells its events apart). */
export const ORDERS = permutations(APPLIED_EVENT_TYPES.map((type, index) => ({ type, index })));

/** Each event applied once in its order, then each again as a redelivery, which changes nothing. */
export const OUTCOMES_OF_AN_ORDER = [
  ...Array<string>(APPLIED_EVENT_TYPES.length).fill('applied'),
  ...Array<string>(APPLIED_EVENT_TYPES.length).fill('already-applied'),
];

/** The Stripe objects of order n, and the user they belong to. */
export function orderSubject(n: number) {
  return {
    userId: 200_000 + n,
    ids: { subscription: `sub_order_${n}`, customer: `cus_order_${n}`, session: `cs_order_${n}` },
  };
}

/** Order n's events, in its order. */
export function eventsOfOrder(n: number): Stripe.Event[] {
  const { ids } = orderSubject(n);
  return ORDERS[n]!.map(({ type, index }) => subscriptionEventOf(type, ids, index));
}

/** The order a user id belongs to. */
export const orderOfUser = (userId: number) => userId - orderSubject(0).userId;

/**
 * Stripe as the worker reads it once every event is out: each order's subscription in its ending
 * (every event's own copy of it is older), renewing at `periodEnd` (seconds).
 */
export function stripeAfterTheEvents(periodEnd: number): StripeApi {
  return {
    retrieveSubscription: async (id: string) => {
      const n = Number(id.split('_').pop());
      const ending = ENDINGS[n % ENDINGS.length]!;
      return {
        id,
        object: 'subscription',
        customer: orderSubject(n).ids.customer,
        status: ending.status,
        cancel_at: null,
        cancel_at_period_end: ending.cancelAtPeriodEnd,
        ended_at: ending.status === 'canceled' ? periodEnd - 86_400 : null,
        items: { data: [{ current_period_end: periodEnd, price: { id: 'price_pro_monthly' } }] },
      } as unknown as Stripe.Subscription;
    },
  } as unknown as StripeApi;
}
