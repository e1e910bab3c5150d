import { eventSubjects, type EventSubject } from './events';
import type { ServiceName } from './namespace';
import { subjects, type Subject } from './subjects';

/** A process that connects to NATS: the gateway or one of the services. */
export type BusProcess = 'gateway' | ServiceName;

/**
 * What one process may do on the message bus. The NATS server config (deploy/nats) grants each
 * process exactly this and nothing more, so a process taken over cannot answer another service's
 * requests, read another user's data through a request it has no business making, or forge events.
 */
export type BusAccess = {
  /** The service whose request subjects it answers. */
  answers: ServiceName | null;
  /** The request subjects it sends. */
  requests: readonly Subject[];
  /** The event subjects it publishes (through its outbox). */
  publishes: readonly EventSubject[];
  /** Whether it reads the events stream through a durable consumer. */
  consumesEvents: boolean;
  /** Whether it reads the events stream as it is written, acknowledging nothing (the live feed). */
  readsEventsLive: boolean;
};

const everySubjectOf = (...services: ServiceName[]): Subject[] =>
  services.flatMap((service) => Object.values(subjects[service]) as Subject[]);

/**
 * The one NATS user that may create and change the events stream: the migrate step, run before
 * the apps start (the chart's migration job, compose's migrate, `npm run migrate`, `npm start`).
 * The apps only read the stream's info, so a process taken over can neither add a stream that
 * copies other subjects (sign-ins, say) nor change this one's.
 */
export const STREAM_KEEPER = 'migrate';

/** Everyone that connects to NATS with a user of its own. */
export type BusUser = BusProcess | typeof STREAM_KEEPER;

/**
 * The first token of a user's reply subjects (its requests' and JetStream's answers). Each
 * subscribes to its own prefix only, so no process can read the answers another one asked for:
 * the prompt pages library sends the gateway, a user's account auth sends it.
 */
export function inboxPrefix(user: BusUser): string {
  return `_INBOX_${user}`;
}

export const busAccess: Record<BusProcess, BusAccess> = {
  gateway: {
    answers: null,
    // Every request the API makes, and no other: auth's user lookup is for services and tests.
    requests: everySubjectOf('auth', 'library', 'sharing', 'billing').filter(
      (subject) => subject !== subjects.auth.usersGet,
    ),
    publishes: [],
    consumesEvents: false,
    readsEventsLive: true,
  },
  auth: {
    answers: 'auth',
    requests: [],
    publishes: [eventSubjects.userRegistered, eventSubjects.userDeleted],
    consumesEvents: false,
    readsEventsLive: false,
  },
  library: {
    answers: 'library',
    requests: [],
    publishes: [
      eventSubjects.promptUpdated,
      eventSubjects.promptDeleted,
      eventSubjects.categoryDeleted,
      eventSubjects.promptMarked,
      eventSubjects.tagChanged,
      eventSubjects.categoryUpdated,
    ],
    consumesEvents: true,
    readsEventsLive: false,
  },
  sharing: {
    answers: 'sharing',
    requests: [subjects.library.promptsGet],
    publishes: [eventSubjects.shareChanged],
    consumesEvents: true,
    readsEventsLive: false,
  },
  billing: {
    answers: 'billing',
    requests: [],
    publishes: [eventSubjects.tierChanged],
    consumesEvents: true,
    readsEventsLive: false,
  },
};
