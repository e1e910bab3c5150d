import { namespaced } from './namespace';

/** Domain event subjects, without the namespace. */
export const eventSubjects = {
  userRegistered: 'events.user.registered',
  promptUpdated: 'events.prompt.updated',
  promptDeleted: 'events.prompt.deleted',
  categoryDeleted: 'events.category.deleted',
  tierChanged: 'events.tier.changed',
} as const;

export type EventSubject = (typeof eventSubjects)[keyof typeof eventSubjects];

export type UserRegistered = { userId: number; username: string };

/** Sent on create and when title, content or category change; not on copy or favourite. */
export type PromptUpdated = {
  userId: number;
  promptId: number;
  title: string;
  content: string;
  categoryId: number | null;
  version: number;
};

export type PromptDeleted = { userId: number; promptId: number; version: number };

/** One event for the whole cascade; deletion is final, so it carries no version. */
export type CategoryDeleted = { userId: number; categoryId: number; promptIds: number[] };

export type TierChanged = {
  userId: number;
  isPro: boolean;
  isCancelled: boolean;
  endsAt: string | null;
  version: number;
};

export type EventData = {
  'events.user.registered': UserRegistered;
  'events.prompt.updated': PromptUpdated;
  'events.prompt.deleted': PromptDeleted;
  'events.category.deleted': CategoryDeleted;
  'events.tier.changed': TierChanged;
};

/** Every event travels in this envelope; `id` is also the Nats-Msg-Id, so JetStream drops duplicates. */
export type EventEnvelope<S extends EventSubject = EventSubject> = {
  id: string;
  type: S;
  occurredAt: string;
  data: EventData[S];
};

const NANOS_PER_SECOND = 1_000_000_000;

/**
 * The EVENTS stream, one per namespace. Plain values (nanoseconds, string enums) so this package
 * stays free of the NATS client; the platform turns it into a stream config.
 */
export type EventsStreamDefinition = {
  name: string;
  subjects: string[];
  storage: 'file';
  retention: 'limits';
  maxAgeNanos: number;
  duplicateWindowNanos: number;
};

export function eventsStream(namespace: string): EventsStreamDefinition {
  return {
    name: `${namespace.toUpperCase()}_EVENTS`,
    subjects: [namespaced(namespace, 'events.>')],
    storage: 'file',
    retention: 'limits',
    maxAgeNanos: 7 * 24 * 3600 * NANOS_PER_SECOND,
    duplicateWindowNanos: 120 * NANOS_PER_SECOND,
  };
}
