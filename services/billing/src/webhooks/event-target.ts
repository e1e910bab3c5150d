import type Stripe from 'stripe';
import { idOf } from '../subscriptions/subscription-rules';

/** The Stripe events billing acts on; any other verified event is stored and ignored. */
export const APPLIED_EVENT_TYPES: readonly string[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/** What an event is about: the subscription to read again, and how to find whose it is. */
export type EventTarget = {
  subscriptionId: string;
  customerId: string | null;
  /** The checkout that started it, for checkout.session.completed. */
  checkoutSessionId: string | null;
};

/**
 * The subscription an event concerns. The event's copy of it is never applied: it may be older than
 * what billing holds (Stripe delivers out of order); the subscription is read fresh instead.
 */
export function targetOf(event: Stripe.Event): EventTarget | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      return subscriptionId
        ? { subscriptionId, customerId: idOf(session.customer), checkoutSessionId: session.id }
        : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        checkoutSessionId: null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      return subscriptionId
        ? { subscriptionId, customerId: idOf(invoice.customer), checkoutSessionId: null }
        : null;
    }
    default:
      return null;
  }
}
