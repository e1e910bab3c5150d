import {
  DEFAULT_EVENTS_MAX_BYTES,
  durableName,
  eventsStream,
  namespaced,
  type EventEnvelope,
  type EventSubject,
} from '@promptlib/proto';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, Events, type ConsumerInfo, type JetStreamManager, type NatsConnection } from 'nats';
import { Registry } from 'prom-client';
import { EventConsumer, type EventConsumerOptions } from '../src/events/event-consumer';
import { ensureEventsStream } from '../src/nats/events-stream';
import { removeEventStreams } from '../testing/event-streams';
import { PrivateNatsServer } from '../testing/private-nats-server';
import { waitUntil } from '../testing/wait';
import { captureLogger, type LogLine } from './support/capture-logger';
import { envelope, registered } from './support/envelopes';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const BASE_NAMESPACE = process.env.APP_NAMESPACE ?? 'plt_local';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventConsumer', () => {
  let nats: NatsConnection;
  let manager: JetStreamManager;
  let namespace: string;
  const consumers: EventConsumer[] = [];

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL });
    manager = await nats.jetstreamManager();
  });

  beforeEach(async () => {
    namespace = `${BASE_NAMESPACE}_evc${randomBytes(3).toString('hex')}`;
    await ensureEventsStream(nats, namespace, { maxBytes: DEFAULT_EVENTS_MAX_BYTES });
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
    await removeEventStreams(nats, namespace);
  });

  afterAll(async () => {
    await nats.close();
  });

  function newConsumer(options: Pick<EventConsumerOptions, 'handlers'> & Partial<EventConsumerOptions>): {
    consumer: EventConsumer;
    lines: LogLine[];
  } {
    const { logger, lines } = captureLogger('event-consumer-test');
    const consumer = new EventConsumer({
      connection: nats,
      namespace,
      service: 'library',
      logger,
      metrics: new Registry(),
      ...options,
    });
    consumers.push(consumer);
    return { consumer, lines };
  }

  async function publish(event: EventEnvelope): Promise<void> {
    await nats
      .jetstream()
      .publish(namespaced(namespace, event.type), JSON.stringify(event), { msgID: event.id });
  }

  /** Publishes what anyone allowed on the subject could: a well-formed envelope around any data. */
  async function publishForged(type: EventSubject, data: unknown): Promise<string> {
    const id = randomUUID();
    const forged = { id, type, occurredAt: new Date().toISOString(), data };
    await nats.jetstream().publish(namespaced(namespace, type), JSON.stringify(forged), { msgID: id });
    return id;
  }

  function durableInfo(): Promise<ConsumerInfo> {
    return manager.consumers.info(eventsStream(namespace).name, durableName('library'));
  }

  async function waitUntilAllAcked(): Promise<void> {
    await waitUntil(
      async () => {
        const info = await durableInfo();
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      5_000,
      'every event to be acked',
    );
  }

  it('reports how many events it has yet to handle, for the consumer lag alert', async () => {
    const metrics = new Registry();
    const lag = async () => {
      const { values } = await metrics.getSingleMetric('events_consumer_pending_events')!.get();
      return values.find((value) => value.labels.consumer === durableName('library'))?.value;
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { consumer } = newConsumer({
      metrics,
      handlers: { 'events.user.registered': () => held },
    });
    // Nothing to report before the durable exists: no reading is not a lag of 0.
    expect(await lag()).toBeUndefined();
    await consumer.start();
    expect(await lag()).toBe(0);
    for (const userId of [1, 2, 3]) await publish(registered(userId));
    await waitUntil(async () => (await lag()) === 3, 20_000, 'the lag of three events held back');
    release();
    await waitUntilAllAcked();
    expect(await lag()).toBe(0);
  });

  it('delivers each published event to the handler of its type and acks it', async () => {
    const users: EventEnvelope<'events.user.registered'>[] = [];
    const tiers: EventEnvelope<'events.tier.changed'>[] = [];
    const { consumer } = newConsumer({
      handlers: {
        'events.user.registered': async (event) => void users.push(event),
        'events.tier.changed': async (event) => void tiers.push(event),
      },
    });
    await consumer.start();

    const published = [
      registered(1),
      envelope('events.tier.changed', {
        userId: 1,
        isPro: true,
        isCancelled: false,
        endsAt: null,
        version: 1,
      }),
      registered(2),
    ];
    for (const event of published) await publish(event);

    await waitUntil(() => users.length + tiers.length === 3, 20_000, 'three events');
    await waitUntilAllAcked();
    expect(users).toEqual([published[0], published[2]]);
    expect(tiers).toEqual([published[1]]);
  });

  it('delivers only the subjects it has handlers for', async () => {
    const seen: string[] = [];
    const { consumer } = newConsumer({
      handlers: {
        'events.user.registered': async (event) => void seen.push(event.type),
        'events.tier.changed': async (event) => void seen.push(event.type),
      },
    });
    await consumer.start();

    await publish(envelope('events.prompt.deleted', { userId: 1, promptId: 1, version: 1 }));
    await publish(registered(1));

    await waitUntil(() => seen.length === 1, 20_000, 'the handled event');
    await waitUntilAllAcked();
    await pause(200);
    expect(seen).toEqual(['events.user.registered']);
  });

  it('redelivers an event whose handler threw, then acks it once the handler succeeds', async () => {
    let calls = 0;
    const { consumer, lines } = newConsumer({
      maxRedeliveryDelayMs: 100,
      handlers: {
        'events.user.registered': async () => {
          calls += 1;
          if (calls === 1) throw new Error('projection database unavailable');
        },
      },
    });
    await consumer.start();
    const event = registered(1);
    await publish(event);

    await waitUntil(() => calls === 2, 20_000, 'the redelivery');
    await waitUntilAllAcked();
    await pause(300);
    expect(calls).toBe(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'Event handler failed; redelivering',
        eventId: event.id,
        type: event.type,
      }),
    );
  });

  it('shares one durable between replicas, each event handled exactly once in total', async () => {
    const handledBy = [new Map<string, number>(), new Map<string, number>()];
    const replicas = handledBy.map(
      (counts) =>
        newConsumer({
          handlers: {
            'events.user.registered': async (event) => {
              counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
              // Simulates a database write, so both replicas have work in flight at once.
              await pause(1);
            },
          },
        }).consumer,
    );
    // Both replicas boot at once and race to create the same durable.
    await Promise.all(replicas.map((replica) => replica.start()));

    const published = Array.from({ length: 100 }, (_, index) => registered(index + 1));
    await Promise.all(published.map((event) => publish(event)));

    const total = () => handledBy.reduce((sum, counts) => sum + counts.size, 0);
    await waitUntil(() => total() >= 100, 20_000, 'a hundred events');
    await waitUntilAllAcked();
    await pause(200);

    const ids = published.map((event) => event.id).sort();
    const handledIds = handledBy.flatMap((counts) => [...counts.keys()]).sort();
    expect(handledIds).toEqual(ids);
    expect(handledBy.flatMap((counts) => [...counts.values()]).every((count) => count === 1)).toBe(true);
    expect(handledBy[0].size).toBeGreaterThan(0);
    expect(handledBy[1].size).toBeGreaterThan(0);
  });

  it('keeps its position in the durable across a restart', async () => {
    const first: number[] = [];
    const { consumer: before } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void first.push(event.data.userId) },
    });
    await before.start();
    await publish(registered(1));
    await publish(registered(2));
    await waitUntil(() => first.length === 2, 20_000, 'the first two events');
    await before.stop();

    for (const userId of [3, 4, 5]) await publish(registered(userId));
    const second: number[] = [];
    const { consumer: after } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void second.push(event.data.userId) },
    });
    await after.start();

    await waitUntil(() => second.length === 3, 20_000, 'the three events published while stopped');
    await waitUntilAllAcked();
    await pause(200);
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([3, 4, 5]);
  });

  it('brings an existing durable to the handlers of a new deploy', async () => {
    const { consumer: old } = newConsumer({ handlers: { 'events.user.registered': async () => undefined } });
    await old.start();
    await old.stop();

    const seen: string[] = [];
    const { consumer: upgraded } = newConsumer({
      ackWaitMs: 20_000,
      handlers: {
        'events.user.registered': async (event) => void seen.push(event.type),
        'events.prompt.deleted': async (event) => void seen.push(event.type),
      },
    });
    await upgraded.start();
    await publish(registered(1));
    await publish(envelope('events.prompt.deleted', { userId: 1, promptId: 2, version: 3 }));

    await waitUntil(() => seen.length === 2, 20_000, 'both event types');
    expect(seen).toEqual(['events.user.registered', 'events.prompt.deleted']);
    expect((await durableInfo()).config.ack_wait).toBe(20_000 * 1_000_000);
  });

  it('terminates a malformed message instead of retrying it, and goes on with the next event', async () => {
    const seen: number[] = [];
    const { consumer, lines } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void seen.push(event.data.userId) },
    });
    await consumer.start();

    await nats
      .jetstream()
      .publish(namespaced(namespace, 'events.user.registered'), 'not json', { msgID: randomUUID() });
    await publish(registered(7));

    await waitUntil(() => seen.length === 1, 20_000, 'the event after the malformed one');
    await waitUntilAllAcked();
    await pause(300);
    expect(seen).toEqual([7]);
    expect((await durableInfo()).num_redelivered).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'Event is malformed; terminating it',
        subject: namespaced(namespace, 'events.user.registered'),
        fields: { body: 'Not JSON' },
      }),
    );
  });

  it('terminates an event whose data is off its contract, never handing it to a handler', async () => {
    const secret = 'forged text that must stay out of the log';
    const handled: EventEnvelope[] = [];
    const { consumer, lines } = newConsumer({
      ackWaitMs: 1_000,
      handlers: {
        'events.tier.changed': async (event) => void handled.push(event),
        'events.prompt.updated': async (event) => void handled.push(event),
      },
    });
    await consumer.start();

    const forgedTier = await publishForged('events.tier.changed', {
      userId: -1,
      isCancelled: false,
      endsAt: null,
      version: 'x',
    });
    const forgedPrompt = await publishForged('events.prompt.updated', {
      userId: 7,
      promptId: 42,
      title: { level: { deeper: { deepest: secret } } },
      content: 'Some content',
      categoryId: null,
      version: 1,
    });
    const pro = envelope('events.tier.changed', {
      userId: 7,
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 1,
    });
    await publish(pro);

    await waitUntil(() => handled.length === 1, 20_000, 'the valid event after the forged ones');
    await waitUntilAllAcked();
    // Past ack_wait: a forged event merely left unacked would be delivered again by now.
    await pause(2_000);
    expect(handled).toEqual([pro]);
    const info = await durableInfo();
    expect(info.num_redelivered).toBe(0);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_pending).toBe(0);
    expect(info.ack_floor.stream_seq).toBe(3);

    const malformed = lines.filter((line) => line.msg === 'Event is malformed; terminating it');
    expect(malformed).toEqual([
      expect.objectContaining({
        level: 'warn',
        subject: namespaced(namespace, 'events.tier.changed'),
        eventId: forgedTier,
        fields: {
          'data.userId': expect.any(String),
          'data.isPro': expect.any(String),
          'data.version': expect.any(String),
        },
      }),
      expect.objectContaining({
        level: 'warn',
        subject: namespaced(namespace, 'events.prompt.updated'),
        eventId: forgedPrompt,
        fields: { 'data.title': expect.any(String) },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('hands a handler only the fields its contract declares', async () => {
    const handled: EventEnvelope<'events.user.registered'>[] = [];
    const { consumer } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void handled.push(event) },
    });
    await consumer.start();

    const event = registered(8);
    await nats
      .jetstream()
      .publish(
        namespaced(namespace, event.type),
        JSON.stringify({ ...event, trace: 'x', data: { ...event.data, isAdmin: true } }),
        { msgID: event.id },
      );

    await waitUntil(() => handled.length === 1, 20_000, 'the event');
    expect(handled).toEqual([event]);
  });

  it('stop() waits for the handler in flight and its ack', async () => {
    let started = false;
    let finished = false;
    const { consumer } = newConsumer({
      handlers: {
        'events.user.registered': async () => {
          started = true;
          await pause(500);
          finished = true;
        },
      },
    });
    await consumer.start();
    await publish(registered(1));
    await waitUntil(() => started, 20_000, 'the slow handler to start');

    await consumer.stop();
    expect(finished).toBe(true);
    // The server has the ack when stop() resolves; JetStream applies it to the consumer's state a
    // moment later. An ack never sent would stay pending for the whole ack wait (30 s).
    await waitUntil(
      async () => {
        const info = await durableInfo();
        return info.num_ack_pending === 0 && info.num_pending === 0;
      },
      2_000,
      'the ack to reach the consumer',
    );
  });

  it('re-creates its durable when it is deleted while consuming', async () => {
    const seen: number[] = [];
    const { consumer, lines } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void seen.push(event.data.userId) },
    });
    await consumer.start();
    await publish(registered(1));
    await waitUntil(() => seen.length === 1, 20_000, 'the first event');

    await manager.consumers.delete(eventsStream(namespace).name, durableName('library'));
    await publish(registered(2));

    await waitUntil(() => seen.includes(2), 20_000, 'the event published after the deletion');
    await waitUntilAllAcked();
    // The re-created durable delivers the stream from its start; handlers are idempotent.
    expect(seen).toEqual([1, 1, 2]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'Event consumer lost its durable; re-creating it' }),
    );
  });
});

const natsServerBinary = PrivateNatsServer.binary();

(natsServerBinary ? describe : describe.skip)('EventConsumer across a NATS server restart', () => {
  let server: PrivateNatsServer;
  let nats: NatsConnection;
  let consumer: EventConsumer | undefined;
  const namespace = `${BASE_NAMESPACE}_evcr`;

  beforeAll(async () => {
    server = await PrivateNatsServer.create(natsServerBinary ?? 'nats-server');
    await server.start();
    nats = await connect({ servers: server.url, reconnectTimeWait: 100, maxReconnectAttempts: -1 });
    await ensureEventsStream(nats, namespace, { maxBytes: DEFAULT_EVENTS_MAX_BYTES });
  });

  afterAll(async () => {
    await consumer?.stop();
    await nats?.close();
    await server?.remove();
  });

  async function reconnected(): Promise<void> {
    for await (const status of nats.status()) {
      if (status.type === Events.Reconnect) return;
    }
  }

  /** Publishes, retrying while the restarted server's JetStream is still recovering its streams. */
  async function publishWhenReady(event: EventEnvelope): Promise<void> {
    const subject = namespaced(namespace, event.type);
    await waitUntil(
      () =>
        nats
          .jetstream()
          .publish(subject, JSON.stringify(event), { msgID: event.id, timeout: 1_000 })
          .then(() => true)
          .catch(() => false),
      20_000,
      'JetStream to accept a publish',
    );
  }

  it('goes on consuming after the server restarts', async () => {
    const seen: number[] = [];
    const { logger } = captureLogger('event-consumer-test');
    consumer = new EventConsumer({
      connection: nats,
      namespace,
      service: 'library',
      logger,
      metrics: new Registry(),
      handlers: { 'events.user.registered': async (event) => void seen.push(event.data.userId) },
    });
    await consumer.start();
    await publishWhenReady(registered(1));
    await waitUntil(() => seen.length === 1, 20_000, 'the event before the restart');

    const reconnect = reconnected();
    await server.stop();
    await server.start();
    await reconnect;
    await publishWhenReady(registered(2));

    await waitUntil(() => seen.includes(2), 20_000, 'the event after the restart');
    expect(seen).toEqual([1, 2]);
  });
});
