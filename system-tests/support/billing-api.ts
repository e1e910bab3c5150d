import type { ApiError, CheckoutSession, CheckoutStatus } from '@promptlib/proto';
import Stripe from 'stripe';
import type { LibraryUser } from './library-api';
import type { Stack } from './stack';

/** Starts a checkout for the user: the hosted page's address and the session id in it. */
export async function startCheckout(
  user: LibraryUser,
  priceId = 'price_pro_monthly',
): Promise<{ url: string; sessionId: string }> {
  const res = await user.client.post<CheckoutSession | ApiError>('/api/create-subscription', { priceId });
  if (res.status !== 200) throw new Error(`checkout failed with ${res.status}: ${JSON.stringify(res.body)}`);
  const { url } = res.body as CheckoutSession;
  return { url, sessionId: new URL(url).pathname.split('/').pop()! };
}

/** Presses the hosted page's Pay button, as the browser's form would post it. */
export async function pay(stack: Stack, sessionId: string): Promise<void> {
  const res = await fetch(`${stack.stripeEnv.STRIPE_API_URL}/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`paying ${sessionId} answered ${res.status}`);
}

/** The success page's check, repeated until it says success or the time is up. */
export async function pollCheckout(
  user: LibraryUser,
  sessionId: string,
  timeoutMs = 20_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await user.client.get<CheckoutStatus>(`/api/checkout-session/${sessionId}`);
    if (res.status !== 200)
      throw new Error(`checkout status answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.success || Date.now() > deadline) return res.body.success;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One of the sandbox's test controls. */
export async function sandboxControl(stack: Stack, path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${stack.stripeEnv.STRIPE_API_URL}/_sandbox/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.stripeEnv.STRIPE_SECRET_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox control ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Stripe's side, read as billing reads it: through the SDK, from the stack's sandbox. */
export function stripeOf(stack: Stack): Stripe {
  const api = new URL(stack.stripeEnv.STRIPE_API_URL);
  return new Stripe(stack.stripeEnv.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: Number(api.port),
    protocol: 'http',
  });
}

/** The subscription a paid checkout started. */
export async function subscriptionOf(stack: Stack, sessionId: string): Promise<string> {
  const session = await stripeOf(stack).checkout.sessions.retrieve(sessionId);
  if (typeof session.subscription !== 'string') throw new Error(`${sessionId} started no subscription`);
  return session.subscription;
}

/** How many times each Stripe API call ("METHOD /path") has been answered by the stack's sandbox. */
export async function sandboxApiCalls(stack: Stack): Promise<Record<string, number>> {
  const res = await fetch(`${stack.stripeEnv.STRIPE_API_URL}/_sandbox/api-calls`, {
    headers: { authorization: `Bearer ${stack.stripeEnv.STRIPE_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`sandbox api-calls answered ${res.status}`);
  return ((await res.json()) as { calls: Record<string, number> }).calls;
}

/** Every refund the stack's sandbox has made. */
export async function sandboxRefunds(stack: Stack): Promise<{ id: string; payment_intent: string }[]> {
  const res = await fetch(`${stack.stripeEnv.STRIPE_API_URL}/_sandbox/refunds`, {
    headers: { authorization: `Bearer ${stack.stripeEnv.STRIPE_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`sandbox refunds answered ${res.status}`);
  return ((await res.json()) as { refunds: { id: string; payment_intent: string }[] }).refunds;
}

export type SandboxDelivery = { id: string; type: string; delivered: boolean; lastStatus: number | null };

/** Every webhook delivery the sandbox has made so far, with how it went. */
export async function sandboxDeliveries(stack: Stack): Promise<SandboxDelivery[]> {
  const res = await fetch(`${stack.stripeEnv.STRIPE_API_URL}/_sandbox/events`, {
    headers: { authorization: `Bearer ${stack.stripeEnv.STRIPE_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`sandbox events answered ${res.status}`);
  return ((await res.json()) as { deliveries: SandboxDelivery[] }).deliveries;
}

/** Ends the current period of the checkout's subscription at Stripe a second from now. */
export async function endPeriodSoon(stack: Stack, sessionId: string): Promise<void> {
  await sandboxControl(stack, `subscriptions/${await subscriptionOf(stack, sessionId)}/end-period`, {
    inSeconds: 1,
  });
}

type TierEvent = { version: number; isPro: boolean; isCancelled: boolean };

/**
 * A user's tier events as the phases they went through ('pro', 'cancelled', 'free', repeats
 * merged), after checking that their versions run 1, 2, 3… with none missing or repeated. A
 * cancelled subscription whose end date moves is announced again, still 'cancelled'.
 */
export function tierPhases(events: TierEvent[]): string[] {
  expect(events.map((event) => event.version)).toEqual(events.map((_, i) => i + 1));
  const phases = events.map((event) => (!event.isPro ? 'free' : event.isCancelled ? 'cancelled' : 'pro'));
  return phases.filter((phase, i) => phase !== phases[i - 1]);
}
