import type Stripe from 'stripe';

/** The Stripe objects one subscription's events are about. */
export type SubscriptionIds = { subscription: string; customer: string; session: string };

/**
 * A webhook event of `type` about one subscription, with the fields the worker reads: the checkout
 * session, an invoice of the subscription, or the subscription itself (its state as the event saw
 * it, older than Stripe's). `index` tells apart the events of one subscription.
 */
export function subscriptionEventOf(type: string, ids: SubscriptionIds, index = 0): Stripe.Event {
  const object =
    type === 'checkout.session.completed'
      ? {
          id: ids.session,
          object: 'checkout.session',
          subscription: ids.subscription,
          customer: ids.customer,
        }
      : type.startsWith('invoice.')
        ? {
            id: `in_${ids.subscription}_${index}`,
            object: 'invoice',
            customer: ids.customer,
            parent: { subscription_details: { subscription: ids.subscription } },
          }
        : { id: ids.subscription, object: 'subscription', customer: ids.customer, status: 'incomplete' };
  return {
    id: `evt_${ids.subscription}_${index}_${type}`,
    object: 'event',
    type,
    data: { object },
  } as unknown as Stripe.Event;
}
