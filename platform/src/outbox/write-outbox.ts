import { MAX_EVENT_BYTES, type EventData, type EventEnvelope, type EventSubject } from '@promptlib/proto';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentTraceparent } from '../tracing/trace-context';
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
  const [envelope] = await writeOutboxMany(manager, subject, [data]);
  return envelope;
}

/**
 * Records one event per item, all of one subject, in one statement: what writeOutbox does for
 * each, for a change that makes many at once (an import page). Each event is the same as
 * writeOutbox would write for it, in the order given.
 */
export async function writeOutboxMany<S extends EventSubject>(
  manager: EntityManager,
  subject: S,
  items: EventData[S][],
): Promise<EventEnvelope<S>[]> {
  // Outside a transaction the event could commit without its change, or the change without it.
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`writeOutbox(${subject}) needs the EntityManager of an open transaction`);
  }
  const envelopes = eventEnvelopes(subject, items);
  if (envelopes.length === 0) return envelopes;
  const traceContext = currentTraceparent();
  const rows = envelopes.map((envelope) => ({
    id: envelope.id,
    subject,
    payload: envelope,
    traceContext,
    // now() is the transaction's start time; the wall clock keeps one transaction's events in order.
    createdAt: () => 'clock_timestamp()',
  }));
  await manager.insert(OutboxMessage, rows.length === 1 ? rows[0] : rows);
  return envelopes;
}

/**
 * The envelopes of one event per item, as every outbox writes them: a fresh id, the time, and the
 * data. An event the stream would refuse (above its message size) would fail to publish forever
 * and hold up the events behind it, so it fails here instead, rolling back its change.
 */
export function eventEnvelopes<S extends EventSubject>(
  subject: S,
  items: EventData[S][],
): EventEnvelope<S>[] {
  return items.map((data): EventEnvelope<S> => {
    const envelope: EventEnvelope<S> = {
      id: randomUUID(),
      type: subject,
      occurredAt: new Date().toISOString(),
      data,
    };
    const bytes = Buffer.byteLength(JSON.stringify(envelope));
    if (bytes > MAX_EVENT_BYTES) {
      throw new Error(`Event ${subject} is ${bytes} bytes, above the ${MAX_EVENT_BYTES} byte limit`);
    }
    return envelope;
  });
}
