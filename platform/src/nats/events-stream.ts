import {
  deadLettersStream,
  durableName,
  earlierDurableName,
  eventsStream,
  serviceNames,
  STREAM_KEEPER,
  type EventsStreamDefinition,
} from '@promptlib/proto';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
  type StreamInfo,
} from 'nats';
import type { Logger } from 'pino';
import { connectNats } from './connect';
import type { NatsAccess } from './nats-access';

/** What a deployment sets about its stream: its byte limit, from EVENTS_MAX_BYTES. */
export type EventsStreamLimits = { maxBytes: number };

/** A stream's settings this deployment asks for, beside its name; its byte limit always. */
type StreamSettings = Omit<Partial<StreamConfig>, 'name'> & { max_bytes: number };

/** This process's NATS user may not create or change a stream (events, dead letters): only the migrate step may. */
export class EventsStreamRefused extends Error {
  constructor(
    readonly stream: string,
    readonly exists: boolean,
  ) {
    super(
      exists
        ? `The stream ${stream} differs from this deployment's settings, and only the migrate step may change it`
        : `The stream ${stream} does not exist, and only the migrate step may create it: run it first (npm run migrate, the chart's migration job)`,
    );
  }
}

/**
 * Creates the namespace's EVENTS stream, or updates it where it differs from its proto definition
 * and the deployment's limits. Concurrent callers converge: add and update are both idempotent
 * here. Throws EventsStreamRefused when the connection's user may not do what is needed: apps
 * may only read the stream's info (see STREAM_KEEPER).
 *
 * The byte limit is never set below what the stream holds: NATS would drop the oldest events at
 * once, discard policy or not, whether consumers had read them or not. The stream then keeps its
 * current size as its limit (full, so events wait in the outboxes) until a later run finds it
 * holding less; the config returned says which limit applies.
 */
export async function ensureEventsStream(
  connection: NatsConnection,
  namespace: string,
  limits: EventsStreamLimits,
): Promise<StreamConfig> {
  const definition = eventsStream(namespace);
  return ensureStream(connection, definition.name, settingsOf(definition, limits.maxBytes));
}

/**
 * Creates the namespace's dead letters' stream (see deadLettersStream), or brings it to its
 * definition; as ensureEventsStream does, and only its keeper may.
 */
export async function ensureDeadLettersStream(
  connection: NatsConnection,
  namespace: string,
): Promise<StreamConfig> {
  const definition = deadLettersStream(namespace);
  return ensureStream(connection, definition.name, settingsOf(definition, definition.maxBytes));
}

/** A stream's proto definition as NATS's config: file storage, kept by limits, new refused when full. */
function settingsOf(definition: EventsStreamDefinition, maxBytes: number): StreamSettings {
  return {
    subjects: definition.subjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.New,
    max_age: definition.maxAgeNanos,
    max_bytes: maxBytes,
    max_msg_size: definition.maxMessageBytes,
    duplicate_window: definition.duplicateWindowNanos,
  };
}

async function ensureStream(
  connection: NatsConnection,
  name: string,
  settings: StreamSettings,
): Promise<StreamConfig> {
  const manager = await connection.jetstreamManager();
  let current: StreamInfo;
  try {
    current = await manager.streams.info(name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    try {
      return (await manager.streams.add({ name, ...settings })).config;
    } catch (addError) {
      if (isPermissionViolation(addError)) throw new EventsStreamRefused(name, false);
      // Another process created it between our lookup and our add: go on as if it had been there.
      if (!/already in use/i.test((addError as Error).message)) throw addError;
      current = await manager.streams.info(name);
    }
  }
  const wanted = { ...settings, max_bytes: Math.max(settings.max_bytes, current.state.bytes) };
  if (holds(current.config, wanted)) return current.config;
  try {
    return (await manager.streams.update(name, wanted)).config;
  } catch (error) {
    if (isPermissionViolation(error)) throw new EventsStreamRefused(name, true);
    throw error;
  }
}

/**
 * The streams as an app finds them at boot: the events stream (whose config it answers) and the
 * dead letters'. Where its user may (a developer's server, where an app without credentials is its
 * admin) it ensures them itself; in a deployment the migrate step has, and an app whose settings
 * differ from a stream's says so and goes on with the stream's.
 */
export async function openEventsStream(
  connection: NatsConnection,
  namespace: string,
  limits: EventsStreamLimits,
  logger: Logger,
): Promise<StreamConfig> {
  const events = await asTheStreamIs(connection, logger, () =>
    ensureEventsStream(connection, namespace, limits),
  );
  await asTheStreamIs(connection, logger, () => ensureDeadLettersStream(connection, namespace));
  return events;
}

async function asTheStreamIs(
  connection: NatsConnection,
  logger: Logger,
  ensure: () => Promise<StreamConfig>,
): Promise<StreamConfig> {
  try {
    return await ensure();
  } catch (error) {
    if (!(error instanceof EventsStreamRefused) || !error.exists) throw error;
    logger.warn({ stream: error.stream }, error.message);
    const manager = await connection.jetstreamManager();
    return (await manager.streams.info(error.stream)).config;
  }
}

/**
 * The migrate step's part on NATS: connects as the streams' keeper, ensures the events and dead
 * letters' streams, and disconnects.
 */
export async function setUpEventsStream(
  access: NatsAccess,
  namespace: string,
  limits: EventsStreamLimits,
  logger: Logger,
): Promise<StreamConfig> {
  const connection = await connectNats(access, STREAM_KEEPER, `${namespace}-${STREAM_KEEPER}`, logger);
  try {
    const config = await ensureEventsStream(connection, namespace, limits);
    const deadLetters = await ensureDeadLettersStream(connection, namespace);
    await moveEarlierDurables(await connection.jetstreamManager(), namespace, logger);
    logger.info(
      { stream: config.name, maxBytes: config.max_bytes, deadLetters: deadLetters.name },
      'Events stream is ready',
    );
    return config;
  } finally {
    await connection.close();
  }
}

/**
 * Durables were once named `<namespace>_<service>`; now each is named after its service alone (see
 * durableName). A service's earlier durable gives way to one that starts after the last event it
 * had acknowledged, so nothing is handled twice that was done, and nothing missed that was not;
 * the service brings the new one's filter and ack wait to its own at start.
 */
async function moveEarlierDurables(
  manager: JetStreamManager,
  namespace: string,
  logger: Logger,
): Promise<void> {
  const stream = eventsStream(namespace).name;
  for (const service of serviceNames) {
    const earlier = await manager.consumers
      .info(stream, earlierDurableName(namespace, service))
      .catch(notFound);
    if (!earlier) continue;
    const current = await manager.consumers.info(stream, durableName(service)).catch(notFound);
    if (!current) {
      await manager.consumers.add(stream, {
        durable_name: durableName(service),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: earlier.ack_floor.stream_seq + 1,
        ack_wait: earlier.config.ack_wait,
      });
    }
    await manager.consumers.delete(stream, earlier.name);
    logger.info(
      { stream, from: earlier.name, to: durableName(service), after: earlier.ack_floor.stream_seq },
      'Moved a durable consumer to its new name',
    );
  }
}

function notFound(error: unknown): null {
  if (/consumer not found/i.test((error as Error | undefined)?.message ?? '')) return null;
  throw error;
}

/** Whether the stream's config already says everything `wanted` does. */
function holds(config: StreamConfig, wanted: StreamSettings): boolean {
  return Object.entries(wanted).every(([key, value]) => {
    const held = (config as unknown as Record<string, unknown>)[key];
    return Array.isArray(value)
      ? Array.isArray(held) &&
          held.length === value.length &&
          value.every((item, index) => held[index] === item)
      : held === value;
  });
}

function isStreamNotFound(error: unknown): boolean {
  return /stream not found/i.test((error as Error | undefined)?.message ?? '');
}

function isPermissionViolation(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'PERMISSIONS_VIOLATION';
}
