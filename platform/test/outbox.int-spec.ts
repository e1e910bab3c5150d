import { DEFAULT_EVENTS_MAX_BYTES, eventsStream, type EventEnvelope } from '@promptlib/proto';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { createDataSource } from '../src/database/create-data-source';
import { runMigrations } from '../src/database/run-migrations';
import { ensureEventsStream } from '../src/nats/events-stream';
import { OutboxMessage } from '../src/outbox/outbox-message.entity';
import { OutboxRelay, type OutboxRelayOptions } from '../src/outbox/outbox-relay';
import { writeOutbox } from '../src/outbox/write-outbox';
import { waitUntil } from '../testing/wait';
import { captureLogger, type LogLine } from './support/capture-logger';
import { openTestDatabase, type TestDatabase } from './support/test-database';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_obx`;
const streamName = eventsStream(namespace).name;
const limits = { maxBytes: DEFAULT_EVENTS_MAX_BYTES };

// The SQL of the comment in outbox-message.entity.ts, as a service's migration would hold it.
class CreateOutbox1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      subject text NOT NULL,
      payload jsonb NOT NULL,
      trace_context text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE INDEX outbox_created_at_idx ON outbox (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE outbox');
  }
}

type StreamedEvent = { subject: string; msgId: string | undefined; envelope: EventEnvelope };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messages(lines: LogLine[], msg: string): LogLine[] {
  return lines.filter((line) => line.msg === msg);
}

describe('outbox', () => {
  let database: TestDatabase;
  let schema: string;
  let dataSource: DataSource;
  let nats: NatsConnection;
  let streams: JetStreamManager;
  const dataSources: DataSource[] = [];
  const connections: NatsConnection[] = [];
  const relays: OutboxRelay[] = [];

  function newDataSource(): DataSource {
    const created = createDataSource({
      url: database.url,
      schema,
      entities: [OutboxMessage],
      migrations: [CreateOutbox1700000000000],
      poolSize: 4,
      applicationName: 'outbox-test',
    });
    dataSources.push(created);
    return created;
  }

  function startRelay(options: Partial<OutboxRelayOptions> = {}): { relay: OutboxRelay; lines: LogLine[] } {
    const { logger, lines } = captureLogger('outbox-test');
    const relay = new OutboxRelay({ dataSource, connection: nats, namespace, logger, ...options });
    relays.push(relay);
    relay.start();
    return { relay, lines };
  }

  function commitEvents(count: number, from = 0): Promise<EventEnvelope<'events.user.registered'>[]> {
    return dataSource.transaction(async (manager) => {
      const written: EventEnvelope<'events.user.registered'>[] = [];
      for (let index = from; index < from + count; index += 1) {
        written.push(
          await writeOutbox(manager, 'events.user.registered', { userId: index, username: `user${index}` }),
        );
      }
      return written;
    });
  }

  const outboxCount = () => dataSource.getRepository(OutboxMessage).count();

  async function streamed(): Promise<StreamedEvent[]> {
    const { state } = await streams.streams.info(streamName);
    const events: StreamedEvent[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await streams.streams.getMessage(streamName, { seq });
      events.push({
        subject: message.subject,
        msgId: message.header.get('Nats-Msg-Id') || undefined,
        envelope: message.json<EventEnvelope>(),
      });
    }
    return events;
  }

  async function streamCount(): Promise<number> {
    return (await streams.streams.info(streamName)).state.messages;
  }

  beforeAll(async () => {
    database = await openTestDatabase('outbox');
    schema = database.newSchema('outbox');
    dataSource = newDataSource();
    await runMigrations(dataSource, schema, captureLogger('outbox-test').logger);
    nats = await connect({ servers: NATS_URL });
    connections.push(nats);
    streams = await nats.jetstreamManager();
    await ensureEventsStream(nats, namespace, limits);
  });

  beforeEach(async () => {
    await ensureEventsStream(nats, namespace, limits);
    await streams.streams.purge(streamName);
    await dataSource.getRepository(OutboxMessage).clear();
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });

  afterAll(async () => {
    await streams?.streams.delete(streamName).catch(() => undefined);
    await Promise.all(connections.map((connection) => connection.close()));
    await Promise.all(dataSources.filter((ds) => ds.isInitialized).map((ds) => ds.destroy()));
    await database?.cleanup();
  });

  it('keeps an event only when its transaction commits', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await writeOutbox(manager, 'events.user.registered', { userId: 1, username: 'alice' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxCount()).toBe(0);

    const [envelope] = await commitEvents(1);
    expect(await dataSource.getRepository(OutboxMessage).find()).toEqual([
      {
        id: envelope.id,
        subject: 'events.user.registered',
        payload: envelope,
        traceContext: null,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('publishes committed events in order with the envelope as payload and its id as Nats-Msg-Id', async () => {
    const { relay } = startRelay({ pollIntervalMs: 60_000 });
    await pause(100); // past the first, empty pass: now it sleeps for the poll interval
    const written = await commitEvents(5);
    relay.notify();

    await waitUntil(async () => (await streamCount()) === 5, 20_000, 'the outbox to drain');
    expect(await streamed()).toEqual(
      written.map((envelope) => ({
        subject: `${namespace}.events.user.registered`,
        msgId: envelope.id,
        envelope,
      })),
    );
    await waitUntil(async () => (await outboxCount()) === 0, 20_000, 'the outbox to drain');
  });

  it('keeps events through a NATS outage and publishes each exactly once when it ends', async () => {
    const { relay, lines } = startRelay({ pollIntervalMs: 200, maxBackoffMs: 1_000 });
    await streams.streams.delete(streamName);
    const [envelope] = await commitEvents(1);
    relay.notify();

    await pause(3_000);
    expect(await outboxCount()).toBe(1);
    expect(messages(lines, 'Outbox relay retry failed').length).toBeGreaterThanOrEqual(2);
    expect(messages(lines, 'Outbox relay failed; retrying with backoff')).toHaveLength(1);

    await ensureEventsStream(nats, namespace, limits);
    await waitUntil(async () => (await outboxCount()) === 0, 20_000, 'the outbox to drain');
    expect((await streamed()).map((event) => event.msgId)).toEqual([envelope.id]);
    expect(messages(lines, 'Outbox relay recovered')).toHaveLength(1);
  });

  it('drops a re-publish of a relayed event (crash between publish and delete)', async () => {
    const { relay, lines } = startRelay({ pollIntervalMs: 100 });
    const [envelope] = await commitEvents(1);
    relay.notify();
    await waitUntil(
      async () => (await outboxCount()) === 0 && (await streamCount()) === 1,
      20_000,
      'the outbox to drain',
    );

    await dataSource
      .getRepository(OutboxMessage)
      .insert({ id: envelope.id, subject: envelope.type, payload: envelope });
    relay.notify();

    await waitUntil(async () => (await outboxCount()) === 0, 20_000, 'the outbox to drain');
    expect((await streamed()).map((event) => event.msgId)).toEqual([envelope.id]);
    expect(messages(lines, 'Outbox batch relayed')).toContainEqual(
      expect.objectContaining({ relayed: 1, duplicates: 1 }),
    );
  });

  it('shares the work between two replicas without publishing any row twice', async () => {
    const written = (await Promise.all([0, 50, 100, 150].map((from) => commitEvents(50, from)))).flat();
    const second = newDataSource();
    await second.initialize();
    const secondNats = await connect({ servers: NATS_URL });
    connections.push(secondNats);

    const a = startRelay({ batchSize: 20 });
    const b = startRelay({ batchSize: 20, dataSource: second, connection: secondNats });

    await waitUntil(
      async () => (await outboxCount()) === 0 && (await streamCount()) === 200,
      20_000,
      'the outbox to drain',
    );
    const ids = (await streamed()).map((event) => event.msgId);
    expect(new Set(ids).size).toBe(200);
    expect([...ids].sort()).toEqual(written.map((envelope) => envelope.id).sort());

    const relayedBy = (log: LogLine[]) =>
      messages(log, 'Outbox batch relayed').reduce(
        (sum, line) => ({
          relayed: sum.relayed + Number(line.relayed),
          duplicates: sum.duplicates + Number(line.duplicates),
        }),
        { relayed: 0, duplicates: 0 },
      );
    const [byA, byB] = [relayedBy(a.lines), relayedBy(b.lines)];
    expect(byA.relayed + byB.relayed).toBe(200);
    expect(byA.duplicates + byB.duplicates).toBe(0);
    expect(byA.relayed).toBeGreaterThan(0);
    expect(byB.relayed).toBeGreaterThan(0);
  });

  it('polls an empty outbox without a transaction, and relays rows no commit announced at the next poll', async () => {
    const transactions = vi.spyOn(dataSource, 'transaction');
    startRelay({ pollIntervalMs: 50 });
    await pause(600);
    // About ten polls, each one read and no locking batch.
    expect(transactions).not.toHaveBeenCalled();

    // Written as another replica's commit would leave it: no notify() here.
    const [envelope] = await commitEvents(1);
    await waitUntil(async () => (await outboxCount()) === 0, 20_000, 'the outbox to drain');
    expect((await streamed()).map((event) => event.msgId)).toEqual([envelope.id]);
    // commitEvents' own transaction, and the relay's batch.
    expect(transactions.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('stops promptly when idle, and after the batch in flight when busy', async () => {
    const idle = startRelay({ pollIntervalMs: 60_000 }).relay;
    await pause(100); // past the first, empty pass: now it sleeps for the poll interval
    let started = Date.now();
    await idle.stop();
    // Far below the poll interval it would otherwise sleep out, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);

    const written = await commitEvents(50);
    const busy = startRelay({ batchSize: 10 }).relay;
    started = Date.now();
    await busy.stop();
    expect(Date.now() - started).toBeLessThan(2_000);

    // Whatever the stop interrupted, each event is either in the stream or still in the outbox.
    const remaining = await dataSource.getRepository(OutboxMessage).find();
    const published = (await streamed()).map((event) => event.msgId);
    expect([...published, ...remaining.map((row) => row.id)].sort()).toEqual(
      written.map((envelope) => envelope.id).sort(),
    );
  });
});
