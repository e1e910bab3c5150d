import { waitUntil } from '@promptlib/platform/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import type { RunningStripeSandbox } from '../src/stripe/sandbox-server';
import { startSandboxWithEndpoint, type SandboxWithEndpoint } from './support/sandbox-with-endpoint';
import type { WebhookEndpoint } from './support/webhook-endpoint';

describe('the Stripe sandbox’s test controls', () => {
  let setup: SandboxWithEndpoint;
  let endpoint: WebhookEndpoint;
  let sandbox: RunningStripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    setup = await startSandboxWithEndpoint('controls_suite');
    ({ endpoint, sandbox, stripe } = setup);
  });

  afterAll(async () => {
    await setup?.stop();
  });

  async function control(path: string, body?: unknown): Promise<Response> {
    return fetch(`${sandbox.url}/_sandbox/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${setup.secretKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const eventsSince = (count: number): Stripe.Event[] => setup.eventsSince(count);

  async function received(count: number, what: string): Promise<void> {
    await waitUntil(async () => endpoint.received.length >= count, 5_000, what);
  }

  async function paidSubscription(): Promise<string> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    });
    const before = endpoint.received.length;
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await received(before + 3, 'the events of the checkout');
    return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  }

  it('refuses the controls without the key', async () => {
    const res = await fetch(`${sandbox.url}/_sandbox/payments/fail-next`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('refuses a control it cannot carry out, saying why, and changes nothing', async () => {
    const post = (path: string, body: string) =>
      fetch(`${sandbox.url}/_sandbox/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${setup.secretKey}`, 'Content-Type': 'application/json' },
        body,
      });
    const notJson = await post('events/rules', '{"rules": [');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'The body is not a JSON object.' },
    });
    const unknownRule = await control('events/rules', { rules: ['duplicate', 'shuffle'] });
    expect(unknownRule.status).toBe(400);
    expect(((await unknownRule.json()) as { error: { message: string } }).error.message).toContain(
      'duplicate, reorder, hold, suppress',
    );
    expect((await control('subscriptions/sub_none/end-period', { inSeconds: 1 })).status).toBe(404);
    const subscription = await paidSubscription();
    expect((await control(`subscriptions/${subscription}/end-period`, { inSeconds: -1 })).status).toBe(400);
    expect((await control('no/such/control')).status).toBe(404);
    // No rule was added by the refused calls: the next event goes out once, as made.
    const before = endpoint.received.length;
    await stripe.subscriptions.update(subscription, { metadata: { note: 'plain' } });
    await received(before + 1, 'the update');
    await sleep(200);
    expect(endpoint.received.length).toBe(before + 1);
  });

  it('answers a checkout page that cannot be paid with a page saying so', async () => {
    const missingPage = await fetch(`${sandbox.url}/checkout/cs_test_none`);
    expect(missingPage.status).toBe(404);
    expect(await missingPage.text()).toContain('No such checkout.session');
    expect((await fetch(`${sandbox.url}/checkout/not%20an%20id`)).status).toBe(404);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect((await fetch(`${sandbox.url}/checkout/${session.id}/pay`)).status).toBe(405);
    const before = endpoint.received.length;
    await fetch(`${sandbox.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    await received(before + 3, 'the events of the checkout');
    const paidPage = await fetch(`${sandbox.url}/checkout/${session.id}`);
    expect(paidPage.status).toBe(410);
    expect(await paidPage.text()).toContain('This checkout is complete.');
    const again = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(again.status).toBe(400);
  });

  it('duplicates the next event: the same event, id and all, arrives twice', async () => {
    const subscription = await paidSubscription();
    expect((await control('events/rules', { rules: ['duplicate'] })).status).toBe(200);
    const before = endpoint.received.length;
    await stripe.subscriptions.update(subscription, { metadata: { note: 'twice' } });
    await received(before + 2, 'the duplicated event');
    const [first, second] = eventsSince(before);
    expect(first.type).toBe('customer.subscription.updated');
    expect(second.id).toBe(first.id);
  });

  it('reorders: the next event arrives after the one made after it', async () => {
    const subscription = await paidSubscription();
    await control('events/rules', { rules: ['reorder'] });
    const before = endpoint.received.length;
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await sleep(200);
    expect(endpoint.received.length).toBe(before);
    await stripe.subscriptions.cancel(subscription);
    await received(before + 2, 'both events');
    expect(eventsSince(before).map((event) => event.type)).toEqual([
      'customer.subscription.deleted',
      'customer.subscription.updated',
    ]);
  });

  it('holds the next event until released, and suppresses one for good', async () => {
    const subscription = await paidSubscription();
    await control('events/rules', { rules: ['hold', 'suppress'] });
    const before = endpoint.received.length;
    await stripe.subscriptions.update(subscription, { metadata: { note: 'held' } });
    await stripe.subscriptions.update(subscription, { metadata: { note: 'suppressed' } });
    await sleep(300);
    expect(endpoint.received.length).toBe(before);
    const released = (await (await control('events/release')).json()) as { released: number };
    expect(released.released).toBe(1);
    await received(before + 1, 'the held event');
    await sleep(200);
    const [held] = eventsSince(before);
    expect(endpoint.received.length).toBe(before + 1);
    expect((held.data.object as Stripe.Subscription).metadata.note).toBe('held');
    const listing = (await (
      await fetch(`${sandbox.url}/_sandbox/events`, {
        headers: { Authorization: `Bearer ${setup.secretKey}` },
      })
    ).json()) as { deliveries: { state: string; type: string }[] };
    expect(listing.deliveries.some((delivery) => delivery.state === 'suppressed')).toBe(true);
  });

  it('replays an event already delivered', async () => {
    const before = endpoint.received.length;
    await paidSubscription();
    const [event] = eventsSince(before);
    const replayed = await control(`events/${event.id}/replay`);
    expect(replayed.status).toBe(200);
    await received(before + 4, 'the replayed event');
    expect(eventsSince(before + 3)[0].id).toBe(event.id);
    expect((await control('events/evt_none/replay')).status).toBe(404);
  });

  it('declines the next payment: the checkout stays open and can be paid again', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    });
    await control('payments/fail-next');
    const before = endpoint.received.length;
    const declined = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toContain(
      '<p class="problem" role="alert">Your card was declined. Try again, or cancel.</p>',
    );
    expect(page).toContain('>Pay</button>');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // Only the payment that went through made events.
    await received(before + 3, 'the events of the paid checkout');
    await sleep(100);
    expect(endpoint.received.length).toBe(before + 3);
  });

  it('ends a period: a subscription renews with a paid invoice', async () => {
    const subscription = await paidSubscription();
    const before = endpoint.received.length;
    const moved = (await (
      await control(`subscriptions/${subscription}/end-period`, { inSeconds: 1 })
    ).json()) as Stripe.Subscription;
    const end = moved.items.data[0].current_period_end;
    await received(before + 2, 'the renewal');
    const [paid, updated] = eventsSince(before);
    expect(paid.type).toBe('invoice.paid');
    expect(paid.data.object).toMatchObject({ billing_reason: 'subscription_cycle', period_start: end });
    expect(updated.type).toBe('customer.subscription.updated');
    const renewed = await stripe.subscriptions.retrieve(subscription);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0].current_period_start).toBe(end);
    expect(renewed.items.data[0].current_period_end).toBeGreaterThan(end + 27 * 86_400);
  });

  it('ends a period after a declined payment: past due, with invoice.payment_failed', async () => {
    const subscription = await paidSubscription();
    await control('payments/fail-next');
    const before = endpoint.received.length;
    await control(`subscriptions/${subscription}/end-period`, { inSeconds: 0 });
    await received(before + 2, 'the failed renewal');
    expect(eventsSince(before).map((event) => event.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('past_due');
  });

  it('ends a period of a subscription set to cancel: canceled, with customer.subscription.deleted', async () => {
    const subscription = await paidSubscription();
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    const before = endpoint.received.length + 1;
    await received(before, 'the update');
    await control(`subscriptions/${subscription}/end-period`, { inSeconds: 0 });
    await received(before + 1, 'the end');
    const [deleted] = eventsSince(before);
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('canceled');
  });
});
