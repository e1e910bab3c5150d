import { z } from 'zod';
import { entityId, plainText } from './text';

const userId = entityId;

// Requests the billing service answers.
export const createCheckoutRequest = z.object({ userId, priceId: plainText('priceId').min(1).max(255) });
export const checkoutStatusRequest = z.object({ userId, sessionId: plainText('sessionId').min(1).max(255) });
export const cancelSubscriptionRequest = z.object({ userId });
export const resumeSubscriptionRequest = z.object({ userId });
export const getSubscriptionRequest = z.object({ userId });
export const changePlanRequest = z.object({ userId, priceId: plainText('priceId').min(1).max(255) });
/**
 * A Stripe webhook as received: the exact bytes (base64, since the signature covers them byte for
 * byte) and the `Stripe-Signature` header. Billing alone holds the secret that verifies it.
 */
export const ingestWebhookRequest = z.object({
  payloadBase64: z.string().max(512 * 1024),
  signature: z.string().max(4_096),
});

/** POST /api/create-subscription: where to send the browser to pay. */
export const checkoutSession = z.object({ url: z.string() });
export type CheckoutSession = z.output<typeof checkoutSession>;

/** Billing's answer on a checkout: paid, and the tier version that the library must reach. */
/** `refunded`: the checkout was paid as a second subscription, which was cancelled and refunded. */
export const checkoutState = z.object({
  paid: z.boolean(),
  tierVersion: z.number().int().nonnegative(),
  refunded: z.boolean(),
});
export type CheckoutState = z.output<typeof checkoutState>;

/** Billing's answer on a cancel: the tier version (cancelled, with its end date) the library must reach. */
export const subscriptionCancelled = z.object({ tierVersion: z.number().int().nonnegative() });
export type SubscriptionCancelled = z.output<typeof subscriptionCancelled>;

/** Billing's answer on a resume: the tier version (renewing again, no end date) the library must reach. */
export const subscriptionResumed = z.object({ tierVersion: z.number().int().nonnegative() });
export type SubscriptionResumed = z.output<typeof subscriptionResumed>;

/**
 * GET /api/subscription, and the answer on a plan change: the price the user's running
 * subscription renews at (or ends at, when cancelled); null without one.
 */
export const subscriptionPlan = z.object({ priceId: z.string().nullable() });
export type SubscriptionPlan = z.output<typeof subscriptionPlan>;

/** One of the user's subscriptions, past or present, as the data export lists them (oldest first). */
export const subscriptionRecord = z.object({
  /** Stripe's id of the subscription. */
  id: z.string(),
  priceId: z.string(),
  /** Stripe's status: active, trialing, past_due, canceled, … */
  status: z.string(),
  startedAt: z.string(),
  currentPeriodEnd: z.string(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type SubscriptionRecord = z.output<typeof subscriptionRecord>;

/** GET /api/checkout-session/{id}: true once the payment went through and limits read Pro. */
/** `refunded` (only when true): the user had Pro already; this payment was given back. */
export const checkoutStatus = z.object({ success: z.boolean(), refunded: z.literal(true).optional() });
export type CheckoutStatus = z.output<typeof checkoutStatus>;

/** POST /api/webhooks/stripe: the event is stored and will be applied. */
export const webhookReceived = z.object({ received: z.literal(true) });
export type WebhookReceived = z.output<typeof webhookReceived>;
