import { waitUntil } from '@promptlib/platform/testing';
import Stripe from 'stripe';
import type { RunningStripeSandbox } from '../src/stripe/sandbox-server';
import { startSandboxWithEndpoint, type SandboxWithEndpoint } from './support/sandbox-with-endpoint';
import type { WebhookEndpoint } from './support/webhook-endpoint';

describe('the Stripe sandbox’s webhooks', () => {
  let setup: SandboxWithEndpoint;
  let endpoint: WebhookEndpoint;
  let sandbox: RunningStripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    setup = await startSandboxWithEndpoint('webhook_suite');
    ({ endpoint, sandbox, stripe } = setup);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  /** The events received so far, each verified as billing verifies it. */
  const verifiedEvents = (): Stripe.Event[] => setup.eventsSince(0);

  async function paidSubscription(): Promise<string> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: '21',
      line_items: [{ price: 'price_pro_annual', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    });
    await fetch(`${sandbox.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  }

  it('sends a paid checkout’s events signed as Stripe signs them, and verification refuses a tampered body', async () => {
    const before = endpoint.received.length;
    const subscriptionId = await paidSubscription();
    await waitUntil(async () => endpoint.received.length >= before + 3, 20_000, 'three events');
    const events = verifiedEvents().slice(before);
    expect(events.map((event) => event.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    expect(completed.data.object).toMatchObject({
      client_reference_id: '21',
      subscription: subscriptionId,
      status: 'complete',
    });
    const invoice = events.find((event) => event.type === 'invoice.paid')!.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2000 });

    const { body, signature } = endpoint.received[before];
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      stripe.webhooks.constructEvent(
        body.replace('"livemode": false', '"livemode": true'),
        signature,
        setup.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_another')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sends an update with the old values, and the end of a subscription', async () => {
    const subscriptionId = await paidSubscription();
    const before = endpoint.received.length;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscriptionId);
    await waitUntil(async () => endpoint.received.length >= before + 2, 20_000, 'two events');
    const [updated, deleted] = verifiedEvents().slice(before);
    expect(updated.type).toBe('customer.subscription.updated');
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(updated.data.object).toMatchObject({
      id: subscriptionId,
      cancel_at_period_end: true,
      status: 'active',
    });
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect(deleted.data.object).toMatchObject({ id: subscriptionId, status: 'canceled' });
  });

  it('tries again, waiting longer each time, while the endpoint answers non-2xx', async () => {
    endpoint.failNext(2);
    const before = endpoint.received.length;
    const subscriptionId = await paidSubscription();
    // Delivered: the endpoint answered 200 and the sandbox has read that answer.
    await waitUntil(
      async () => sandbox.deliveries().every((delivery) => delivery.delivered),
      20_000,
      'the events, once retried',
    );
    const retried = sandbox.deliveries().filter((delivery) => delivery.attempts > 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((delivery) => delivery.delivered && delivery.lastStatus === 200)).toBe(true);
    expect(
      verifiedEvents()
        .slice(before)
        .map((event) => (event.data.object as { id: string }).id),
    ).toContain(subscriptionId);
  });
});
