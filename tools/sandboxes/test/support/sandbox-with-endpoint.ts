import Stripe from 'stripe';
import { startStripeSandbox, type RunningStripeSandbox } from '../../src/stripe/sandbox-server';
import { startWebhookEndpoint, type WebhookEndpoint } from './webhook-endpoint';

export type SandboxWithEndpoint = {
  sandbox: RunningStripeSandbox;
  endpoint: WebhookEndpoint;
  /** The official SDK, pointed at the sandbox. */
  stripe: Stripe;
  secretKey: string;
  webhookSecret: string;
  /** The events the endpoint received from the `from`-th on, each verified as billing verifies it. */
  eventsSince: (from: number) => Stripe.Event[];
  stop: () => Promise<void>;
};

/** A sandbox whose webhooks go to an endpoint of the test's own, retried quickly. */
export async function startSandboxWithEndpoint(suite: string): Promise<SandboxWithEndpoint> {
  const secretKey = `sk_test_${suite}`;
  const webhookSecret = `whsec_${suite}`;
  const endpoint = await startWebhookEndpoint();
  const sandbox = await startStripeSandbox({
    secretKey,
    webhooks: { endpoint: endpoint.url, secret: webhookSecret, retryBaseMs: 50 },
  });
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
  return {
    sandbox,
    endpoint,
    stripe,
    secretKey,
    webhookSecret,
    eventsSince: (from) =>
      endpoint.received
        .slice(from)
        .map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, webhookSecret)),
    stop: async () => {
      await sandbox.close();
      endpoint.server.close();
    },
  };
}
