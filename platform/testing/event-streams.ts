import { deadLettersStream, eventsStream } from '@promptlib/proto';
import type { NatsConnection } from 'nats';

/**
 * Deletes a test namespace's events and dead letters' streams, those that exist: NATS sets each
 * stream's byte limit aside on its store until the stream goes.
 */
export async function removeEventStreams(connection: NatsConnection, namespace: string): Promise<void> {
  const manager = await connection.jetstreamManager();
  for (const stream of [eventsStream(namespace).name, deadLettersStream(namespace).name]) {
    await manager.streams.delete(stream).catch(() => undefined);
  }
}
