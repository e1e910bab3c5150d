import { eventsStream } from '@promptlib/proto';
import { DiscardPolicy, RetentionPolicy, StorageType, type NatsConnection, type StreamConfig } from 'nats';

/** What a deployment sets about its stream: its byte limit, from EVENTS_MAX_BYTES. */
export type EventsStreamLimits = { maxBytes: number };

/**
 * Creates or updates the namespace's EVENTS stream to match its proto definition and the
 * deployment's limits. Every service calls it at boot; concurrent callers converge because add and
 * update are both idempotent here.
 *
 * The byte limit is never set below what the stream holds: NATS would drop the oldest events at
 * once, discard policy or not, whether consumers had read them or not. The stream then keeps its
 * current size as its limit (full, so events wait in the outboxes) until a later boot finds it
 * holding less; the config returned says which limit applies.
 */
export async function ensureEventsStream(
  connection: NatsConnection,
  namespace: string,
  limits: EventsStreamLimits,
): Promise<StreamConfig> {
  const definition = eventsStream(namespace);
  const config: Partial<StreamConfig> & { name: string } = {
    name: definition.name,
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
  let heldBytes: number;
  try {
    heldBytes = (await manager.streams.info(definition.name)).state.bytes;
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    try {
      return (await manager.streams.add(config)).config;
    } catch (addError) {
      // Another process created it between our lookup and our add: fall through to update.
      if (!/already in use/i.test((addError as Error).message)) throw addError;
      heldBytes = 0;
    }
  }
  const { name, ...update } = config;
  update.max_bytes = Math.max(limits.maxBytes, heldBytes);
  return (await manager.streams.update(name, update)).config;
}

function isStreamNotFound(error: unknown): boolean {
  return /stream not found/i.test((error as Error | undefined)?.message ?? '');
}
