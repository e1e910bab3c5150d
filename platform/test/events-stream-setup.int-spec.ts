import {
  DEAD_LETTERS_MAX_BYTES,
  deadLettersStream,
  durableName,
  earlierDurableName,
  eventsStream,
  namespaced,
} from '@promptlib/proto';
import { AckPolicy, connect, DeliverPolicy, type NatsConnection } from 'nats';
import { setUpEventsStream } from '../src/nats/events-stream';
import { removeEventStreams } from '../testing/event-streams';
import { captureLogger } from './support/capture-logger';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_evsetup`;
const stream = eventsStream(namespace).name;
const LIMITS = { maxBytes: 64 * 1024 * 1024 };

describe('the migrate step on NATS', () => {
  let nats: NatsConnection;

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL });
    await removeEventStreams(nats, namespace);
  });

  afterAll(async () => {
    await removeEventStreams(nats, namespace);
    await nats.close();
  });

  it('makes the dead letters’ stream beside the events stream, as proto defines it', async () => {
    const { logger } = captureLogger('migrate');
    await setUpEventsStream({ NATS_URL }, namespace, LIMITS, logger);
    const definition = deadLettersStream(namespace);
    const { config } = await (await nats.jetstreamManager()).streams.info(definition.name);
    expect(config).toMatchObject({
      subjects: definition.subjects,
      max_bytes: DEAD_LETTERS_MAX_BYTES,
      max_age: definition.maxAgeNanos,
      max_msg_size: definition.maxMessageBytes,
      discard: 'new',
    });
  });

  it('moves a durable from its earlier name to its service’s, going on after the last event it acknowledged', async () => {
    const { logger, lines } = captureLogger('migrate');
    await setUpEventsStream({ NATS_URL }, namespace, LIMITS, logger);
    const manager = await nats.jetstreamManager();
    const earlier = earlierDurableName(namespace, 'library');
    await manager.consumers.add(stream, {
      durable_name: earlier,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    for (const n of [1, 2, 3]) {
      await nats.jetstream().publish(namespaced(namespace, 'events.test'), `event ${n}`);
    }
    // The earlier durable handled the first two events.
    const consumer = await nats.jetstream().consumers.get(stream, earlier);
    for (let n = 0; n < 2; n += 1) await (await consumer.next({ expires: 2_000 }))?.ackAck();

    await setUpEventsStream({ NATS_URL }, namespace, LIMITS, logger);

    await expect(manager.consumers.info(stream, earlier)).rejects.toThrow(/consumer not found/);
    const moved = await nats.jetstream().consumers.get(stream, durableName('library'));
    const first = await moved.next({ expires: 2_000 });
    expect(first && new TextDecoder().decode(first.data)).toBe('event 3');
    expect(lines.filter((line) => line.msg === 'Moved a durable consumer to its new name')).toHaveLength(1);

    // Once moved, a later run leaves it as it is.
    await setUpEventsStream({ NATS_URL }, namespace, LIMITS, logger);
    expect((await manager.consumers.info(stream, durableName('library'))).name).toBe('library');
    expect(lines.filter((line) => line.msg === 'Moved a durable consumer to its new name')).toHaveLength(1);
  });
});
