import type Stripe from 'stripe';
import { newId, nowSeconds } from './ids';
import { API_VERSION } from './api-version';

/** The events billing handles, with the object each carries. */
export type SandboxEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent;

type Payload<T extends SandboxEvent['type']> = Extract<SandboxEvent, { type: T }>['data'];

/** An event as Stripe sends it: a snapshot of the object (copied: later changes are not in it). */
export function eventOf<T extends SandboxEvent['type']>(type: T, data: Payload<T>): SandboxEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: structuredClone(data),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as SandboxEvent;
}
