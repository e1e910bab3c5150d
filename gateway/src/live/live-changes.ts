import {
  eventSubjects,
  liveEventNames,
  liveEventSubjects,
  type EventEnvelope,
  type EventSubject,
  type LiveChange,
} from '@promptlib/proto';

/** What one event means to the feed: a change to show its user, or the user's end. */
export type FeedItem =
  | { kind: 'change'; userId: number; change: LiveChange }
  | { kind: 'userDeleted'; userId: number }
  | { kind: 'none' };

/**
 * The event types the feed reads, by their subject without the namespace: the user's changes, and
 * their account's end.
 */
export const FEED_EVENT_TYPES: EventSubject[] = [...liveEventSubjects, eventSubjects.userDeleted];

const SUBJECT_PREFIX = 'events.';

/** The user's change an event announces, without the user's id, which the feed's reader knows. */
export function feedItemOf(event: EventEnvelope): FeedItem {
  const { userId, ...data } = event.data as { userId: number };
  if (event.type === eventSubjects.userDeleted) return { kind: 'userDeleted', userId };
  if (!FEED_EVENT_TYPES.includes(event.type)) return { kind: 'none' };
  const type = event.type.slice(SUBJECT_PREFIX.length);
  // The subject names the data's shape (LiveChange is built from EventData the same way).
  const change = { type, ...data, occurredAt: event.occurredAt } as LiveChange;
  return { kind: 'change', userId, change };
}

/**
 * A feed's event id: the stream's creation time and the event's sequence in it. A stream made anew
 * (its sequences start over) is told apart, so an id from the old one never skips new changes.
 */
export type FeedPosition = { epoch: string; seq: number };

const EVENT_ID = /^([0-9a-z]{1,12})-([0-9]{1,15})$/;

export function formatEventId(position: FeedPosition): string {
  return `${position.epoch}-${position.seq}`;
}

/** The position a `Last-Event-ID` names, or null for anything that is not one of ours. */
export function parseEventId(value: string): FeedPosition | null {
  const match = EVENT_ID.exec(value);
  if (!match) return null;
  const seq = Number(match[2]);
  return Number.isSafeInteger(seq) ? { epoch: match[1], seq } : null;
}

/** The stream's epoch, from its creation time. */
export function streamEpoch(created: string): string {
  return Date.parse(created).toString(36);
}

/** One change as an SSE frame. JSON has no raw line breaks, so one `data:` line holds it. */
export function changeFrame(position: FeedPosition, change: LiveChange): string {
  return `id: ${formatEventId(position)}\nevent: ${liveEventNames.change}\ndata: ${JSON.stringify(change)}\n\n`;
}

/** Changes were missed and cannot be replayed: the client reads everything again. */
export function resetFrame(position: FeedPosition): string {
  return `id: ${formatEventId(position)}\nevent: ${liveEventNames.reset}\ndata: {}\n\n`;
}
