import { eventsStream } from '@promptlib/proto';
import { DiscardPolicy, RetentionPolicy, StorageType, type NatsConnection, type StreamConfig } from 'nats';

/**
 * Creates or updates the namespace's EVENTS stream to match its proto definition. Every process
 * calls it at boot; concurrent callers converge because add and update are both idempotent here.
 */
export async function ensureEventsStream(
  connection: NatsConnection,
  namespace: string,
): Promise<StreamConfig> {
  const definition = eventsStream(namespace);
  const config: Partial<StreamConfig> & { name: string } = {
    name: definition.name,
    subjects: definition.subjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: definition.maxAgeNanos,
    duplicate_window: definition.duplicateWindowNanos,
  };
  const manager = await connection.jetstreamManager();
  try {
    await manager.streams.info(definition.name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    try {
      return (await manager.streams.add(config)).config;
    } catch (addError) {
      // Another process created it between our lookup and our add: fall through to update.
      if (!/already in use/i.test((addError as Error).message)) throw addError;
    }
  }
  const { name, ...update } = config;
  return (await manager.streams.update(name, update)).config;
}

function isStreamNotFound(error: unknown): boolean {
  return /stream not found/i.test((error as Error | undefined)?.message ?? '');
}
