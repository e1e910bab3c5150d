import { MAX_EVENT_BYTES, type EventData, type EventEnvelope, type EventSubject } from '@promptlib/proto';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';

/**
 * Records an event in the transaction of the change it describes; OutboxRelay publishes it after
 * commit. Call it with the transaction's EntityManager, never the DataSource's.
 */
export async function writeOutbox<S extends EventSubject>(
  manager: EntityManager,
  subject: S,
  data: EventData[S],
): Promise<EventEnvelope<S>> {
  // Outside a transaction the event could commit without its change, or the change without it.
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`writeOutbox(${subject}) needs the EntityManager of an open transaction`);
  }
  const envelope: EventEnvelope<S> = {
    id: randomUUID(),
    type: subject,
    occurredAt: new Date().toISOString(),
    data,
  };
  // An event the stream refuses (above its message size) would fail to publish forever and hold
  // up the events behind it, so it fails here instead, rolling back its change.
  const bytes = Buffer.byteLength(JSON.stringify(envelope));
  if (bytes > MAX_EVENT_BYTES) {
    throw new Error(`Event ${subject} is ${bytes} bytes, above the ${MAX_EVENT_BYTES} byte limit`);
  }
  await manager.insert(OutboxMessage, {
    id: envelope.id,
    subject,
    payload: envelope,
    // now() is the transaction's start time; the wall clock keeps one transaction's events in order.
    createdAt: () => 'clock_timestamp()',
  });
  return envelope;
}
