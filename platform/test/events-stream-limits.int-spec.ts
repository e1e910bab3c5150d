import {
  EVENTS_MAX_MESSAGE_BYTES,
  MAX_EVENT_BYTES,
  eventsStream,
  namespaced,
  type EventEnvelope,
} from '@promptlib/proto';
import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { createDataSource } from '../src/database/create-data-source';
import { runMigrations } from '../src/database/run-migrations';
import { ensureEventsStream } from '../src/nats/events-stream';
import { OutboxMessage } from '../src/outbox/outbox-message.entity';
import { addOutboxTraceContext, createOutboxTable, dropOutboxTable } from '../src/outbox/outbox-migration';
import { registerOutboxMetrics } from '../src/outbox/outbox-metrics';
import { OutboxRelay } from '../src/outbox/outbox-relay';
import { writeOutbox } from '../src/outbox/write-outbox';
import { PrivateNatsServer } from '../testing/private-nats-server';
import { waitUntil } from '../testing/wait';
import { captureLogger, type LogLine } from './support/capture-logger';
import { openTestDatabase, type TestDatabase } from './support/test-database';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_evlim`;
const streamName = eventsStream(namespace).name;
const fillerSubject = namespaced(namespace, 'events.filler');
const FILLER = 'f'.repeat(1_000);
const ROOMY_LIMIT = 4 * EVENTS_MAX_MESSAGE_BYTES;
const STREAM_FULL_WARNING = 'Events stream is full; events wait in the outbox and are retried with backoff';

// A change of the kind a service makes, and the outbox it writes its events to.
class CreateNotesAndOutbox1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)');
    await createOutboxTable(runner, schemaOf(runner));
    await addOutboxTraceContext(runner, schemaOf(runner));
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropOutboxTable(runner, schemaOf(runner));
    await runner.query('DROP TABLE notes');
  }
}

const schemaOf = (runner: QueryRunner) => (runner.connection.options as { schema: string }).schema;

type Gauges = Record<
  'events_stream_fill_ratio' | 'outbox_pending_events' | 'outbox_oldest_event_age_seconds',
  number
>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messages(lines: LogLine[], msg: string): LogLine[] {
  return lines.filter((line) => line.msg === msg);
}

async function readGauges(registry: Registry): Promise<Gauges> {
  const metrics = await registry.getMetricsAsJSON();
  return Object.fromEntries(
    metrics.map((metric) => [metric.name, Number(metric.values[0]?.value)]),
  ) as Gauges;
}

describe('the events stream at its limits', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let nats: NatsConnection;
  let jetstream: JetStreamClient;
  let streams: JetStreamManager;
  const relays: OutboxRelay[] = [];

  function startRelay(): { relay: OutboxRelay; lines: LogLine[] } {
    const { logger, lines } = captureLogger('limits-test');
    const relay = new OutboxRelay({
      dataSource,
      connection: nats,
      namespace,
      logger,
      pollIntervalMs: 100,
      maxBackoffMs: 500,
    });
    relays.push(relay);
    relay.start();
    return { relay, lines };
  }

  function metricsRegistry(connection = nats): Registry {
    const registry = new Registry();
    registerOutboxMetrics({ registry, dataSource, connection, namespace });
    return registry;
  }

  /** A user's write: the note and its event commit together, or neither does. */
  function writeNote(text: string): Promise<EventEnvelope<'events.user.registered'>> {
    return dataSource.transaction(async (manager) => {
      const [{ id }] = (await manager.query('INSERT INTO notes (text) VALUES ($1) RETURNING id', [text])) as {
        id: number;
      }[];
      return writeOutbox(manager, 'events.user.registered', { userId: id, username: text });
    });
  }

  async function notes(): Promise<string[]> {
    const rows = (await dataSource.query('SELECT text FROM notes ORDER BY id')) as { text: string }[];
    return rows.map((row) => row.text);
  }

  async function outboxIds(): Promise<string[]> {
    const rows = await dataSource.getRepository(OutboxMessage).find({ order: { createdAt: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** The ids of the events in the stream, in stream order, fillers left out. */
  async function streamedIds(): Promise<string[]> {
    const { state } = await streams.streams.info(streamName);
    const ids: string[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await streams.streams.getMessage(streamName, { seq });
      if (message.subject !== fillerSubject) ids.push(message.json<EventEnvelope>().id);
    }
    return ids;
  }

  /**
   * Limits the stream to a few KB, exactly `count` fillers and a byte, fills it and answers its
   * refusal of one filler more. Filled to the byte, because nats-server before 2.10.5 checks the
   * room for a message without its subject and framing and then drops the oldest message to store
   * it (nats-server#4771): a stream left with less room than that would lose events here.
   */
  async function fillStream(count = 8): Promise<unknown> {
    await jetstream.publish(fillerSubject, FILLER);
    const fillerBytes = (await streams.streams.info(streamName)).state.bytes;
    await streams.streams.purge(streamName);
    await ensureEventsStream(nats, namespace, { maxBytes: count * fillerBytes + 1 });
    for (let index = 0; index < count; index += 1) await jetstream.publish(fillerSubject, FILLER);
    return jetstream.publish(fillerSubject, FILLER).then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  const fillers = async () => (await streams.streams.info(streamName)).state.messages;

  beforeAll(async () => {
    database = await openTestDatabase('evlim');
    const schema = database.newSchema('evlim');
    dataSource = createDataSource({
      url: database.url,
      schema,
      entities: [OutboxMessage],
      migrations: [CreateNotesAndOutbox1700000000000],
      poolSize: 4,
      applicationName: 'events-stream-limits-test',
    });
    await runMigrations(dataSource, schema, captureLogger('limits-test').logger);
    nats = await connect({ servers: NATS_URL });
    jetstream = nats.jetstream();
    streams = await nats.jetstreamManager();
    await ensureEventsStream(nats, namespace, { maxBytes: ROOMY_LIMIT });
  });

  beforeEach(async () => {
    // Emptied first: a limit below what the stream holds would not be applied.
    await streams.streams.purge(streamName);
    await ensureEventsStream(nats, namespace, { maxBytes: ROOMY_LIMIT });
    await dataSource.query('TRUNCATE notes, outbox');
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });

  afterAll(async () => {
    await streams?.streams.delete(streamName).catch(() => undefined);
    await nats?.close();
    if (dataSource?.isInitialized) await dataSource.destroy();
    await database?.cleanup();
  });

  it('commits a write the full stream refuses, keeps its event, and publishes it once the limit is raised', async () => {
    expect(await fillStream()).toMatchObject({
      code: '503',
      api_error: { code: 503, err_code: 10077, description: 'maximum bytes exceeded' },
    });
    const { relay, lines } = startRelay();
    const registry = metricsRegistry();

    const first = await writeNote('first');
    const second = await writeNote('second');
    relay.notify();
    await pause(2_000);

    expect(await notes()).toEqual(['first', 'second']);
    expect(await outboxIds()).toEqual([first.id, second.id]);
    expect(await streamedIds()).toEqual([]);
    expect(await fillers()).toBe(8);
    const warnings = messages(lines, STREAM_FULL_WARNING);
    expect(warnings).toEqual([
      expect.objectContaining({ level: 'warn', stream: streamName, reason: 'maximum bytes exceeded' }),
    ]);
    expect(messages(lines, 'Outbox relay retry failed').length).toBeGreaterThanOrEqual(2);
    const waiting = await readGauges(registry);
    expect(waiting.outbox_pending_events).toBe(2);
    expect(waiting.outbox_oldest_event_age_seconds).toBeGreaterThan(1);
    expect(waiting.events_stream_fill_ratio).toBeGreaterThan(0.95);

    await ensureEventsStream(nats, namespace, { maxBytes: ROOMY_LIMIT });
    await waitUntil(async () => (await outboxIds()).length === 0, 20_000, 'the outbox to drain');
    expect(await streamedIds()).toEqual([first.id, second.id]);
    expect(messages(lines, 'Outbox relay recovered')).toHaveLength(1);
    expect(messages(lines, STREAM_FULL_WARNING)).toHaveLength(1);
    const drained = await readGauges(registry);
    expect(drained.outbox_pending_events).toBe(0);
    expect(drained.outbox_oldest_event_age_seconds).toBe(0);
    expect(drained.events_stream_fill_ratio).toBeLessThan(0.05);
    expect(await fillers()).toBe(10);
  }, 45_000);

  it('publishes the waiting events in order once the stream is purged', async () => {
    await fillStream();
    const { relay } = startRelay();
    const written = [await writeNote('a'), await writeNote('b'), await writeNote('c')];
    relay.notify();
    await pause(1_000);
    expect(await outboxIds()).toHaveLength(3);

    await streams.streams.purge(streamName, { filter: fillerSubject });
    await waitUntil(async () => (await outboxIds()).length === 0, 20_000, 'the outbox to drain');
    expect(await streamedIds()).toEqual(written.map((event) => event.id));
  }, 45_000);

  it('never lowers the limit below what the stream holds, which would drop its oldest events', async () => {
    for (let index = 0; index < 3; index += 1) await jetstream.publish(fillerSubject, FILLER);
    const held = (await streams.streams.info(streamName)).state.bytes;

    const config = await ensureEventsStream(nats, namespace, { maxBytes: 1_024 });
    expect(config.max_bytes).toBe(held);
    expect(await fillers()).toBe(3);
    await expect(jetstream.publish(fillerSubject, FILLER)).rejects.toMatchObject({
      api_error: { err_code: 10077, description: 'maximum bytes exceeded' },
    });

    await streams.streams.purge(streamName);
    expect((await ensureEventsStream(nats, namespace, { maxBytes: 1_024 })).max_bytes).toBe(1_024);
  });

  it('refuses a message above 256 KiB instead of storing it', async () => {
    await expect(
      jetstream.publish(fillerSubject, Buffer.alloc(EVENTS_MAX_MESSAGE_BYTES + 1, 'x'), {
        msgID: randomUUID(),
      }),
    ).rejects.toMatchObject({
      api_error: { code: 400, err_code: 10054, description: 'message size exceeds maximum allowed' },
    });
    expect((await streams.streams.info(streamName)).state.messages).toBe(0);
  });

  it('publishes the largest event the outbox accepts, headers and all', async () => {
    const bare: EventEnvelope<'events.user.registered'> = {
      id: randomUUID(),
      type: 'events.user.registered',
      occurredAt: new Date().toISOString(),
      data: { userId: 1, username: '' },
    };
    const username = 'x'.repeat(MAX_EVENT_BYTES - Buffer.byteLength(JSON.stringify(bare)));
    await expect(
      dataSource.transaction((manager) =>
        writeOutbox(manager, 'events.user.registered', { userId: 1, username: `${username}x` }),
      ),
    ).rejects.toThrow(/byte limit/);
    const largest = await dataSource.transaction((manager) =>
      writeOutbox(manager, 'events.user.registered', { userId: 1, username }),
    );
    expect(Buffer.byteLength(JSON.stringify(largest))).toBe(MAX_EVENT_BYTES);

    startRelay();
    await waitUntil(async () => (await outboxIds()).length === 0, 20_000, 'the outbox to drain');
    expect(await streamedIds()).toEqual([largest.id]);
  }, 45_000);

  const natsServerBinary = PrivateNatsServer.binary();

  (natsServerBinary ? it : it.skip)(
    'answers a scrape promptly while NATS is away, keeping the last fill',
    async () => {
      const server = await PrivateNatsServer.create(natsServerBinary ?? 'nats-server');
      await server.start();
      const connection = await connect({
        servers: server.url,
        reconnectTimeWait: 100,
        maxReconnectAttempts: -1,
      });
      try {
        await ensureEventsStream(connection, namespace, { maxBytes: ROOMY_LIMIT });
        await connection.jetstream().publish(fillerSubject, 'x'.repeat(10_000));
        const registry = metricsRegistry(connection);
        const before = await readGauges(registry);
        expect(before.events_stream_fill_ratio).toBeGreaterThan(0);

        await server.stop();
        const started = Date.now();
        const during = await readGauges(registry);
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(during.events_stream_fill_ratio).toBe(before.events_stream_fill_ratio);
        expect(during.outbox_pending_events).toBe(0);
      } finally {
        await connection.close();
        await server.remove();
      }
    },
    15_000,
  );
});
