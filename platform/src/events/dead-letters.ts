import {
  deadLetterFilter,
  deadLetterHeaders,
  deadLettersStream,
  eventsStream,
  namespaced,
  parseDeadLetterSubject,
  type EventSubject,
  type ServiceName,
} from '@promptlib/proto';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from 'nats';
import { extractTraceContext, injectTraceContext } from '../tracing/trace-context';

/** An event a service gave up, as it waits in the dead letters. */
export type DeadLetter = {
  /** Its sequence in the dead letters' stream: what replay and drop name it by. */
  sequence: number;
  service: ServiceName;
  type: EventSubject;
  /** The envelope's id, when the event is JSON with one. */
  eventId: string | undefined;
  reason: string;
  error: string;
  deliveries: number;
  /** Its sequence in the events stream. */
  eventSequence: number;
  givenUpAt: Date;
};

// How long to wait for the next dead letter of a listing before taking the list as complete.
const NEXT_LETTER_MS = 2_000;

/** The dead letters of one service, or of every service, oldest first. */
export async function readDeadLetters(
  connection: NatsConnection,
  namespace: string,
  service?: ServiceName,
): Promise<DeadLetter[]> {
  const stream = deadLettersStream(namespace).name;
  const filter = deadLetterFilter(namespace, service);
  const manager = await connection.jetstreamManager();
  const { state } = await manager.streams.info(stream, { subjects_filter: filter });
  if (Object.keys(state.subjects ?? {}).length === 0) return [];
  // An ordered consumer reads and acknowledges nothing, so listing changes nothing.
  const consumer = await connection.jetstream().consumers.get(stream, { filterSubjects: filter });
  const letters: DeadLetter[] = [];
  for (;;) {
    const message = await consumer.next({ expires: NEXT_LETTER_MS });
    if (!message) break;
    const letter = deadLetterOf(namespace, message.seq, message.subject, message.headers, message.data);
    if (letter) letters.push({ ...letter, givenUpAt: new Date(message.info.timestampNanos / 1e6) });
    if (message.info.pending === 0) break;
  }
  // Ephemeral: the server removes it soon anyway when this is lost.
  await consumer.delete().catch(() => undefined);
  return letters;
}

/**
 * Puts dead letters back in the events stream under a new message id, then removes them from the
 * dead letters. Every service that handles the event's type reads it again: handlers are idempotent
 * and ignore versions they already hold, so only the one that gave it up changes anything. One that
 * fails again comes back to the dead letters after its retries.
 */
export async function replayDeadLetters(
  connection: NatsConnection,
  namespace: string,
  letters: DeadLetter[],
): Promise<void> {
  const stream = deadLettersStream(namespace).name;
  const manager = await connection.jetstreamManager();
  const jetstream = connection.jetstream();
  for (const letter of letters) {
    // Read again rather than taken from the listing: a letter dropped meanwhile is refused, not sent.
    const stored = await manager.streams.getMessage(stream, { seq: letter.sequence });
    const headers = natsHeaders();
    // The writer's trace, so the replayed handling joins the trace that wrote the event.
    injectTraceContext(headers, extractTraceContext(stored.header));
    await jetstream.publish(namespaced(namespace, letter.type), stored.data, {
      headers,
      // The original id may still be in the stream's duplicate window; a second replay of the same
      // letter (its removal lost) is dropped as a duplicate.
      msgID: `${letter.eventId ?? letter.eventSequence}.replay.${letter.sequence}`,
      expect: { streamName: eventsStream(namespace).name },
    });
    await manager.streams.deleteMessage(stream, letter.sequence);
  }
}

/** Removes dead letters for good: events that must never be applied (forged, or overtaken). */
export async function dropDeadLetters(
  connection: NatsConnection,
  namespace: string,
  letters: DeadLetter[],
): Promise<void> {
  const stream = deadLettersStream(namespace).name;
  const manager = await connection.jetstreamManager();
  for (const letter of letters) await manager.streams.deleteMessage(stream, letter.sequence);
}

function deadLetterOf(
  namespace: string,
  sequence: number,
  subject: string,
  headers: MsgHdrs | undefined,
  data: Uint8Array,
): Omit<DeadLetter, 'givenUpAt'> | null {
  const where = parseDeadLetterSubject(namespace, subject);
  if (!where) return null;
  const header = (name: string) => headers?.get(name) ?? '';
  return {
    sequence,
    ...where,
    eventId: envelopeId(data),
    reason: header(deadLetterHeaders.reason),
    error: header(deadLetterHeaders.error),
    deliveries: Number(header(deadLetterHeaders.deliveries)) || 0,
    eventSequence: Number(header(deadLetterHeaders.eventSequence)) || 0,
  };
}

function envelopeId(data: Uint8Array): string | undefined {
  try {
    const { id } = JSON.parse(new TextDecoder().decode(data)) as { id?: unknown };
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
