import { beforeEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import type Stripe from 'stripe';
import { FakeQueue, FakeStripe, VALID_SIGNATURE } from '../../test/fakes/fake-stripe';
import {
  failureOf,
  inMemoryBilling,
  silentLogger,
  type InMemoryBilling,
} from '../../test/fakes/in-memory-billing';
import { WebhookInbox } from './webhook-inbox';

const event = {
  id: 'evt_1',
  object: 'event',
  type: 'invoice.paid',
  data: { object: {} },
} as unknown as Stripe.Event;

describe('WebhookInbox', () => {
  let billing: InMemoryBilling;
  let queue: FakeQueue;
  let registry: Registry;
  let inbox: WebhookInbox;

  beforeEach(() => {
    billing = inMemoryBilling();
    queue = new FakeQueue();
    registry = new Registry();
    inbox = new WebhookInbox(billing, silentLogger, registry, new FakeStripe().api, queue.queue);
  });

  const deliver = (signature = VALID_SIGNATURE, body: unknown = event) =>
    inbox.ingest({ payloadBase64: Buffer.from(JSON.stringify(body)).toString('base64'), signature });

  it('stores a verified event once, queueing it while it is not applied, and not after', async () => {
    expect(await deliver()).toEqual({ received: true });
    expect(await deliver()).toEqual({ received: true });
    expect(billing.tables.stripeEvents).toMatchObject([{ id: 'evt_1', type: 'invoice.paid', attempts: 0 }]);
    expect(queue.added).toEqual(['evt_1', 'evt_1']);
    await billing.direct.stripeEvents.markApplied('evt_1');
    expect(await deliver()).toEqual({ received: true });
    expect(queue.added).toHaveLength(2);
  });

  it('refuses an event whose signature does not verify, storing nothing', async () => {
    expect(await failureOf(deliver('t=1,v1=00'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The Stripe-Signature header is missing, invalid or too old.',
    });
    expect(billing.tables.stripeEvents).toEqual([]);
    expect(queue.added).toEqual([]);
  });

  it('tells Stripe the event was not received when it cannot be queued, so Stripe sends it again', async () => {
    queue.down = true;
    expect((await failureOf(deliver())).code).toBe('SERVICE_UNAVAILABLE');
    queue.down = false;
    expect(await deliver()).toEqual({ received: true });
    expect(queue.added).toEqual(['evt_1']);
  });

  it('shows the age of the oldest event not yet applied, 0 when there is none', async () => {
    const age = async () =>
      (await registry.getSingleMetric('billing_stripe_inbox_oldest_unprocessed_seconds')!.get()).values[0]
        .value;
    expect(await age()).toBe(0);
    await deliver();
    billing.tables.stripeEvents[0].receivedAt = new Date(Date.now() - 60_000);
    expect(await age()).toBeGreaterThanOrEqual(60);
  });
});
