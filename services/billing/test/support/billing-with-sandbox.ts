import type { ServiceClient } from '@promptlib/platform';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import {
  eventsStream,
  namespaced,
  type EventEnvelope,
  type ServiceError,
  type TierChanged,
} from '@promptlib/proto';
import { startStripeSandbox, type RunningStripeSandbox } from '@promptlib/sandboxes';
import Stripe from 'stripe';
import type { BillingConfig } from '../../src/config/billing-config';
import { billingService } from '../../src/service';

export type BillingWithSandbox = {
  sandbox: RunningStripeSandbox;
  testbed: ServiceTestbed<BillingConfig>;
  /** Calls billing the way the gateway does. */
  billing: ServiceClient;
  /** The sandbox through the official SDK, as billing sees it. */
  stripe: Stripe;
  webhookSecret: string;
  close: () => Promise<void>;
};

/**
 * billing on a database and namespace of its own (`suffix`), talking to a Stripe sandbox of its
 * own whose webhooks go nowhere: a test hands billing the events itself, or lets billing find out.
 */
export async function startBillingWithSandbox(
  suffix: string,
  env: Record<string, string> = {},
  options: { health?: boolean } = {},
): Promise<BillingWithSandbox> {
  const secretKey = `sk_test_${suffix}`;
  const webhookSecret = `whsec_${suffix}`;
  const sandbox = await startStripeSandbox({ secretKey, webhooks: { secret: webhookSecret } });
  const testbed = await startServiceTestbed({
    ...billingService,
    suffix,
    health: options.health,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: sandbox.url,
      ...env,
    },
  }).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  const api = new URL(sandbox.url);
  return {
    sandbox,
    testbed,
    billing: testbed.client,
    stripe: new Stripe(secretKey, { host: api.hostname, port: Number(api.port), protocol: 'http' }),
    webhookSecret,
    close: async () => {
      await testbed.close();
      await sandbox.close();
    },
  };
}

/** Presses the hosted checkout page's Pay, as its form posts it. */
export async function payInSandbox(checkoutUrl: string): Promise<Response> {
  return fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
}

/** The checkout session id at the end of a hosted checkout URL. */
export function sessionIdOf(checkoutUrl: string): string {
  return new URL(checkoutUrl).pathname.split('/').pop()!;
}

/** The service error a call failed with; a call that succeeds fails the test. */
export async function serviceFailure(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    return (error as { error: ServiceError }).error;
  }
  throw new Error('the call succeeded');
}

/** The user's tier.changed events in the namespace's stream, oldest first. */
export async function tierEvents(
  testbed: ServiceTestbed<BillingConfig>,
  userId: number,
): Promise<TierChanged[]> {
  const manager = await testbed.nats.jetstreamManager();
  const stream = eventsStream(testbed.namespace).name;
  const { state } = await manager.streams.info(stream);
  const events: TierChanged[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
    const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
    if (message?.subject !== namespaced(testbed.namespace, 'events.tier.changed')) continue;
    const { data } = message.json<EventEnvelope<'events.tier.changed'>>();
    if (data.userId === userId) events.push(data);
  }
  return events;
}

/**
 * A user's tier events as the phases they went through ('pro', 'cancelled', 'free', repeats
 * merged), after checking that their versions run 1, 2, 3… with none missing or repeated. A
 * cancelled subscription whose end date moves (a re-read while its period is being ended) is
 * announced again, still 'cancelled'.
 */
export function tierPhases(events: TierChanged[]): string[] {
  expect(events.map((event) => event.version)).toEqual(events.map((_, i) => i + 1));
  const phases = events.map((event) => (!event.isPro ? 'free' : event.isCancelled ? 'cancelled' : 'pro'));
  return phases.filter((phase, i) => phase !== phases[i - 1]);
}
