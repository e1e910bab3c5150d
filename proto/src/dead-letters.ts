import {
  EVENTS_MAX_MESSAGE_BYTES,
  eventSubjects,
  eventsStream,
  type EventsStreamDefinition,
  type EventSubject,
} from './events';
import { isServiceName, namespaced, type ServiceName } from './namespace';

/**
 * The dead letters' stream holds at most this much. Dead letters are rare (a bug, or data no rule
 * foresaw), and NATS sets a stream's byte limit aside on its store: 64 MiB holds some 250 events at
 * the content limit, thousands of ordinary ones. A full stream refuses the next dead letter, whose
 * event then stays in the events stream and is retried, so nothing is lost.
 */
export const DEAD_LETTERS_MAX_BYTES = 64 * 1024 ** 2;

/**
 * A consumer gives an event up after this many deliveries whose handling failed while everything
 * the service depends on was up. The redeliveries back off to 10 s apart, so that is some 8 minutes
 * of trying: past any hiccup, and a failure an outage caused never counts (the service is not ready).
 */
export const DEAD_LETTER_AFTER_DELIVERIES = 50;

/** Why an event was given up: its handler kept failing, or it is off its type's contract. */
export type DeadLetterReason = 'failed' | 'malformed';

/** What a dead letter carries beside the event's own bytes, as NATS message headers. */
export const deadLetterHeaders = {
  reason: 'Dead-Letter-Reason',
  /** The handler's last error message (one line, at most DEAD_LETTER_ERROR_CHARS). */
  error: 'Dead-Letter-Error',
  deliveries: 'Dead-Letter-Deliveries',
  /** The event's sequence in the events stream. */
  eventSequence: 'Dead-Letter-Event-Sequence',
} as const;

export const DEAD_LETTER_ERROR_CHARS = 500;

/**
 * One stream per namespace, beside the events stream and kept as long (7 days), so a dead letter
 * holds nothing of a deleted user longer than the events stream does. Its messages are the events'
 * own bytes, plus headers of at most a few KiB.
 */
export type DeadLettersStreamDefinition = EventsStreamDefinition & { maxBytes: number };

export function deadLettersStream(namespace: string): DeadLettersStreamDefinition {
  // As the events stream in all but name, subjects, size and room for the headers.
  return {
    ...eventsStream(namespace),
    name: `${namespace.toUpperCase()}_DEAD_LETTERS`,
    subjects: [namespaced(namespace, 'deadletters.>')],
    maxBytes: DEAD_LETTERS_MAX_BYTES,
    maxMessageBytes: EVENTS_MAX_MESSAGE_BYTES + 8 * 1024,
  };
}

/**
 * `<namespace>.deadletters.<service>.<event type>`: each service publishes under its own token
 * only (the NATS permissions say so), and the service's dead letters are one filter.
 */
export function deadLetterSubject(namespace: string, service: ServiceName, type: EventSubject): string {
  return namespaced(namespace, `deadletters.${service}.${type}`);
}

/** The dead letters of one service, or of every service. */
export function deadLetterFilter(namespace: string, service?: ServiceName): string {
  return namespaced(namespace, `deadletters.${service ?? '*'}.>`);
}

const knownTypes = new Set<string>(Object.values(eventSubjects));

/** The service and event type of a dead letter's subject; null for anything else. */
export function parseDeadLetterSubject(
  namespace: string,
  subject: string,
): { service: ServiceName; type: EventSubject } | null {
  const prefix = namespaced(namespace, 'deadletters.');
  if (!subject.startsWith(prefix)) return null;
  const [service, ...rest] = subject.slice(prefix.length).split('.');
  const type = rest.join('.');
  if (!isServiceName(service) || !knownTypes.has(type)) return null;
  return { service, type: type as EventSubject };
}
