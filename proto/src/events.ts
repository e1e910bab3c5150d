import { namespaced } from './namespace';

/** Domain event subjects, without the namespace. */
export const eventSubjects = {
  userRegistered: 'events.user.registered',
  userDeleted: 'events.user.deleted',
  promptUpdated: 'events.prompt.updated',
  promptDeleted: 'events.prompt.deleted',
  categoryDeleted: 'events.category.deleted',
  promptMarked: 'events.prompt.marked',
  tagChanged: 'events.tag.changed',
  categoryUpdated: 'events.category.updated',
  shareChanged: 'events.share.changed',
  tierChanged: 'events.tier.changed',
} as const;

export type EventSubject = (typeof eventSubjects)[keyof typeof eventSubjects];

export type UserRegistered = { userId: number; username: string };

/**
 * The account is gone from auth: every service deletes everything it holds of the user, once,
 * whenever it reads this (a service that was down catches up from the stream).
 */
export type UserDeleted = { userId: number };

/** Sent on create (one per imported prompt too) and when title, content or category change; not on copy or favourite. */
export type PromptUpdated = {
  userId: number;
  promptId: number;
  title: string;
  content: string;
  categoryId: number | null;
  version: number;
};

/**
 * A prompt left the library. It can still come back (the Undo of a deletion, within
 * DELETED_PROMPT_RESTORE_SECONDS): its restore is a prompt.updated of a higher version, which
 * outranks this deletion as any newer change does; no event with a lower version may bring it back.
 */
export type PromptDeleted = { userId: number; promptId: number; version: number };

/**
 * The cascade of a category's deletion (its deleted prompts awaiting a restore included); this
 * deletion is final, so it carries no version. A category with many prompts is announced in several
 * events of at most CATEGORY_DELETED_MAX_PROMPT_IDS ids each, so each stays far below the stream's
 * message size.
 */
export type CategoryDeleted = { userId: number; categoryId: number; promptIds: number[] };

/**
 * A prompt's star or its tags alone changed: no edit of its text, so no version, and nothing for
 * another service's copy of the text. Only the user's own devices (the live feed) listen.
 */
export type PromptMarked = { userId: number; promptId: number; isFavorite: number; tags: string[] };

/** A tag renamed on every prompt (into `newName`, which may merge it with another) or taken off them all (null). */
export type TagChangedEverywhere = { userId: number; name: string; newName: string | null };

/** A category made, renamed or moved: how it is now. */
export type CategoryUpdated = { userId: number; categoryId: number; name: string; position: number };

/** A prompt's public link made (its id) or revoked (null): only the user's own devices listen. */
export type ShareChanged = { userId: number; promptId: number; shareId: string | null };

/** 10,000 ids of up to 10 digits and a comma: about 110 kB, well below MAX_EVENT_BYTES. */
export const CATEGORY_DELETED_MAX_PROMPT_IDS = 10_000;

export type TierChanged = {
  userId: number;
  isPro: boolean;
  isCancelled: boolean;
  endsAt: string | null;
  version: number;
};

export type EventData = {
  'events.user.registered': UserRegistered;
  'events.user.deleted': UserDeleted;
  'events.prompt.updated': PromptUpdated;
  'events.prompt.deleted': PromptDeleted;
  'events.category.deleted': CategoryDeleted;
  'events.prompt.marked': PromptMarked;
  'events.tag.changed': TagChangedEverywhere;
  'events.category.updated': CategoryUpdated;
  'events.share.changed': ShareChanged;
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
 * The stream refuses a larger message, headers included. `prompt.updated` at the content limit
 * (20,000 characters, at most 3 bytes each in UTF-8) is about 60 KB; `category.deleted` lists its
 * prompts' ids, about 8 bytes each, so it fits a category of some 30,000 prompts. A runaway event
 * is refused at once instead of costing the stream a megabyte.
 */
export const EVENTS_MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * The largest envelope (as JSON) an event may have: the stream's limit less room for the headers
 * the outbox relay adds (a 36-character Nats-Msg-Id, Nats-Expected-Stream: about 150 bytes).
 */
export const MAX_EVENT_BYTES = EVENTS_MAX_MESSAGE_BYTES - 1024;

/**
 * Default of EVENTS_MAX_BYTES. NATS reserves a stream's byte limit on the server's store when the
 * stream is made, so the limit must fit beside other namespaces'; 1 GiB still holds about 200,000
 * edits of a typical 5 KB prompt (17,000 at the content limit). The stream keeps events for the
 * maximum age whether read or not, so it fills only when a week's events outgrow it: accounts
 * writing at their rate limit for hours, not ordinary use.
 */
export const DEFAULT_EVENTS_MAX_BYTES = 1024 ** 3;

/**
 * The EVENTS stream, one per namespace. Plain values (nanoseconds, string enums) so this package
 * stays free of the NATS client; the platform turns it into a stream config. Its byte limit is the
 * deployment's (EVENTS_MAX_BYTES), not part of the definition.
 */
export type EventsStreamDefinition = {
  name: string;
  subjects: string[];
  storage: 'file';
  retention: 'limits';
  /** A full stream refuses the next event (it waits in the outbox) rather than drop the oldest, read or not. */
  discard: 'new';
  maxAgeNanos: number;
  maxMessageBytes: number;
  duplicateWindowNanos: number;
};

export function eventsStream(namespace: string): EventsStreamDefinition {
  return {
    name: `${namespace.toUpperCase()}_EVENTS`,
    subjects: [namespaced(namespace, 'events.>')],
    storage: 'file',
    retention: 'limits',
    discard: 'new',
    maxAgeNanos: 7 * 24 * 3600 * NANOS_PER_SECOND,
    maxMessageBytes: EVENTS_MAX_MESSAGE_BYTES,
    duplicateWindowNanos: 120 * NANOS_PER_SECOND,
  };
}
