import {
  deadLettersStream,
  durableName,
  eventsStream,
  namespaced,
  type EventEnvelope,
  type EventSubject,
  type UserRegistered,
} from '@promptlib/proto';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { Registry } from 'prom-client';
import { dropDeadLetters, readDeadLetters, replayDeadLetters } from '../src/events/dead-letters';
import { EventConsumer, type EventConsumerOptions } from '../src/events/event-consumer';
import { ensureDeadLettersStream, ensureEventsStream } from '../src/nats/events-stream';
import { removeEventStreams } from '../testing/event-streams';
import { eventually, waitUntil } from '../testing/wait';
import { captureLogger, type LogLine } from './support/capture-logger';
import { registered } from './support/envelopes';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const BASE_NAMESPACE = process.env.APP_NAMESPACE ?? 'plt_local';
// Small test namespaces: NATS sets a stream's byte limit aside on its store.
const EVENTS_BYTES = 8 * 1024 * 1024;

describe('dead letters', () => {
  let nats: NatsConnection;
  let manager: JetStreamManager;
  let namespace: string;
  const consumers: EventConsumer[] = [];

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL });
    manager = await nats.jetstreamManager();
  });

  beforeEach(async () => {
    namespace = `${BASE_NAMESPACE}_dl${randomBytes(3).toString('hex')}`;
    await ensureEventsStream(nats, namespace, { maxBytes: EVENTS_BYTES });
    await ensureDeadLettersStream(nats, namespace);
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
    await removeEventStreams(nats, namespace);
  });

  afterAll(async () => {
    await nats.close();
  });

  /** A library consumer that gives up after 3 failed deliveries, retried 50 ms apart. */
  function newConsumer(options: Pick<EventConsumerOptions, 'handlers'> & Partial<EventConsumerOptions>): {
    consumer: EventConsumer;
    lines: LogLine[];
    metrics: Registry;
  } {
    const { logger, lines } = captureLogger('dead-letters-test');
    const metrics = new Registry();
    const consumer = new EventConsumer({
      connection: nats,
      namespace,
      service: 'library',
      logger,
      metrics,
      ackWaitMs: 2_000,
      maxRedeliveryDelayMs: 50,
      deadLetterAfter: 3,
      ...options,
    });
    consumers.push(consumer);
    return { consumer, lines, metrics };
  }

  async function publish(event: EventEnvelope): Promise<void> {
    await nats
      .jetstream()
      .publish(namespaced(namespace, event.type), JSON.stringify(event), { msgID: event.id });
  }

  async function publishRaw(type: EventSubject, body: string): Promise<void> {
    await nats.jetstream().publish(namespaced(namespace, type), body, { msgID: randomUUID() });
  }

  async function deadLetterGauge(metrics: Registry): Promise<number | undefined> {
    const { values } = await metrics.getSingleMetric('events_dead_letters')!.get();
    return values.find((value) => value.labels.consumer === durableName('library'))?.value;
  }

  async function durableSettled(): Promise<boolean> {
    const info = await manager.consumers.info(eventsStream(namespace).name, durableName('library'));
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }

  const letters = () => readDeadLetters(nats, namespace, 'library');

  it('gives up an event whose handler fails every retry, says why, and goes on with the next', async () => {
    const attempts = new Map<number, number>();
    const { consumer, lines, metrics } = newConsumer({
      handlers: {
        'events.user.registered': async ({ data }: { data: UserRegistered }) => {
          attempts.set(data.userId, (attempts.get(data.userId) ?? 0) + 1);
          if (data.userId === 1) throw new Error('No category\nfor user 1');
        },
      },
    });
    await consumer.start();
    expect(await deadLetterGauge(metrics)).toBe(0);
    const failing = registered(1);
    const fine = registered(2);
    await publish(failing);
    await publish(fine);

    const given = await eventually(letters, (found) => found.length === 1);
    expect(given).toEqual([
      expect.objectContaining({
        service: 'library',
        type: 'events.user.registered',
        eventId: failing.id,
        reason: 'failed',
        error: 'No category for user 1',
        deliveries: 3,
        eventSequence: 1,
      }),
    ]);
    expect(attempts.get(1)).toBe(3);
    expect(attempts.get(2)).toBe(1);
    // Terminated, so it is never delivered again and holds up nothing.
    await waitUntil(durableSettled, 20_000, 'every event settled');
    expect(await deadLetterGauge(metrics)).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Event given up: it waits in the dead letters for a replay',
        type: 'events.user.registered',
        reason: 'failed',
      }),
    );
    // Another service's dead letters are its own.
    expect(await readDeadLetters(nats, namespace, 'sharing')).toEqual([]);
    expect(await readDeadLetters(nats, namespace)).toHaveLength(1);
  });

  it('never gives an event up while the service’s dependencies are down', async () => {
    let ready = false;
    let attempts = 0;
    const { consumer } = newConsumer({
      dependenciesReady: async () => ready,
      handlers: {
        'events.user.registered': async () => {
          attempts += 1;
          throw new Error('Postgres is away');
        },
      },
    });
    await consumer.start();
    await publish(registered(1));
    await waitUntil(() => attempts >= 8, 20_000, 'eight failed deliveries');
    expect(await letters()).toEqual([]);

    ready = true;
    const given = await eventually(letters, (found) => found.length === 1);
    expect(given).toEqual([expect.objectContaining({ reason: 'failed', error: 'Postgres is away' })]);
  });

  it('gives up an event off its contract at once, without a handler seeing it, nor its data in the log', async () => {
    const handled: unknown[] = [];
    const { consumer, lines } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void handled.push(event) },
    });
    await consumer.start();
    const secret = 'forged words to keep out of the log';
    await publishRaw(
      'events.user.registered',
      JSON.stringify({
        id: 'x',
        type: 'events.user.registered',
        occurredAt: 'now',
        data: { userId: secret },
      }),
    );
    await publishRaw('events.user.registered', 'not json at all');
    const fine = registered(3);
    await publish(fine);

    const given = await eventually(letters, (found) => found.length === 2);
    expect(given).toEqual([
      expect.objectContaining({ reason: 'malformed', deliveries: 1, eventId: 'x', eventSequence: 1 }),
      expect.objectContaining({ reason: 'malformed', deliveries: 1, eventId: undefined, eventSequence: 2 }),
    ]);
    expect(given[0].error).toMatch(/^Off the contract of events\.user\.registered: /);
    await waitUntil(() => handled.length === 1, 20_000, 'the valid event after the forged ones');
    expect(handled).toEqual([fine]);
    expect(JSON.stringify(lines)).not.toContain(secret);
    expect(JSON.stringify(given)).not.toContain(secret);
  });

  it('replays a dead letter to the mended handler, and drops another for good', async () => {
    let mended = false;
    const applied: string[] = [];
    const { consumer, metrics } = newConsumer({
      handlers: {
        'events.user.registered': async (event) => {
          if (!mended) throw new Error('Not yet');
          applied.push(event.id);
        },
      },
    });
    await consumer.start();
    const [first, second] = [registered(1), registered(2)];
    await publish(first);
    await publish(second);
    const given = await eventually(letters, (found) => found.length === 2);
    expect(given.map((letter) => letter.eventId)).toEqual([first.id, second.id]);

    mended = true;
    await replayDeadLetters(nats, namespace, [given[0]]);
    await dropDeadLetters(nats, namespace, [given[1]]);
    await waitUntil(() => applied.length === 1, 20_000, 'the replayed event applied');
    expect(applied).toEqual([first.id]);
    expect(await letters()).toEqual([]);
    expect(
      await eventually(
        () => deadLetterGauge(metrics),
        (count) => count === 0,
      ),
    ).toBe(0);
    await waitUntil(durableSettled, 20_000, 'the replay acknowledged');
    // The dropped one never comes back.
    expect(applied).toEqual([first.id]);
  });

  it('keeps retrying an event the dead letters cannot take, rather than lose it', async () => {
    await manager.streams.delete(deadLettersStream(namespace).name);
    let attempts = 0;
    const { consumer, lines } = newConsumer({
      handlers: {
        'events.user.registered': async () => {
          attempts += 1;
          if (attempts < 6) throw new Error('Still failing');
        },
      },
    });
    await consumer.start();
    await publish(registered(1));
    await waitUntil(() => attempts === 6, 20_000, 'the sixth delivery, which succeeds');
    await waitUntil(durableSettled, 20_000, 'the event acknowledged');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'Event could not be put in the dead letters' }),
    );
  });

  it('still terminates an event off its contract that the dead letters cannot take: no handler could apply it', async () => {
    await manager.streams.delete(deadLettersStream(namespace).name);
    const handled: unknown[] = [];
    const { consumer, lines } = newConsumer({
      handlers: { 'events.user.registered': async (event) => void handled.push(event) },
    });
    await consumer.start();
    await publishRaw('events.user.registered', 'not json at all');
    const fine = registered(2);
    await publish(fine);
    await waitUntil(() => handled.length === 1, 20_000, 'the valid event after the malformed one');
    await waitUntil(durableSettled, 20_000, 'both events settled');
    const info = await manager.consumers.info(eventsStream(namespace).name, durableName('library'));
    expect(info.num_redelivered).toBe(0);
    expect(handled).toEqual([fine]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Event could not be put in the dead letters',
        reason: 'malformed',
      }),
    );
  });
});
