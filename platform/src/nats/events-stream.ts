import { durableName, earlierDurableName, eventsStream, serviceNames, STREAM_KEEPER } from '@promptlib/proto';
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

/** The stream's settings this deployment asks for, beside its name. */
type StreamSettings = Omit<Partial<StreamConfig>, 'name'>;

/** This process's NATS user may not create or change the stream: only the migrate step may. */
export class EventsStreamRefused extends Error {
  constructor(
    readonly stream: string,
    readonly exists: boolean,
  ) {
    super(
      exists
        ? `The events stream ${stream} differs from this deployment's settings, and only the migrate step may change it`
        : `The events stream ${stream} does not exist, and only the migrate step may create it: run it first (npm run migrate, the chart's migration job)`,
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
  const settings: StreamSettings = {
    subjects: definition.subjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.New,
    max_age: definition.maxAgeNanos,
    max_bytes: limits.maxBytes,
    max_msg_size: definition.maxMessageBytes,
    duplicate_window: definition.duplicateWindowNanos,
  };
  const manager = await connection.jetstreamManager();
  let current: StreamInfo;
  try {
    current = await manager.streams.info(definition.name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    try {
      return (await manager.streams.add({ name: definition.name, ...settings })).config;
    } catch (addError) {
      if (isPermissionViolation(addError)) throw new EventsStreamRefused(definition.name, false);
      // Another process created it between our lookup and our add: go on as if it had been there.
      if (!/already in use/i.test((addError as Error).message)) throw addError;
      current = await manager.streams.info(definition.name);
    }
  }
  const wanted = { ...settings, max_bytes: Math.max(limits.maxBytes, current.state.bytes) };
  if (holds(current.config, wanted)) return current.config;
  try {
    return (await manager.streams.update(definition.name, wanted)).config;
  } catch (error) {
    if (isPermissionViolation(error)) throw new EventsStreamRefused(definition.name, true);
    throw error;
  }
}

/**
 * The stream as an app finds it at boot. Where its user may (a developer's server, where an app
 * without credentials is its admin) it ensures the stream itself; in a deployment the migrate step
 * has, and an app whose settings differ from the stream's says so and goes on with the stream's.
 */
export async function openEventsStream(
  connection: NatsConnection,
  namespace: string,
  limits: EventsStreamLimits,
  logger: Logger,
): Promise<StreamConfig> {
  try {
    return await ensureEventsStream(connection, namespace, limits);
  } catch (error) {
    if (!(error instanceof EventsStreamRefused) || !error.exists) throw error;
    logger.warn({ stream: error.stream }, error.message);
    const manager = await connection.jetstreamManager();
    return (await manager.streams.info(error.stream)).config;
  }
}

/**
 * The migrate step's part on NATS: connects as the stream's keeper, ensures the stream, and
 * disconnects.
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
    await moveEarlierDurables(await connection.jetstreamManager(), namespace, logger);
    logger.info({ stream: config.name, maxBytes: config.max_bytes }, 'Events stream is ready');
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
