import {
  eventSubjects,
  liveEventNames,
  type EventEnvelope,
  type EventSubject,
  type LiveChange,
} from '@promptlib/proto';

/** What one event means to the feed: a change to show its user, or the user's end. */
export type FeedItem =
  | { kind: 'change'; userId: number; change: LiveChange }
  | { kind: 'userDeleted'; userId: number }
  | { kind: 'none' };

/** The user's change an event announces, without the user's id, which the feed's reader knows. */
export function feedItemOf(event: EventEnvelope): FeedItem {
  const occurredAt = event.occurredAt;
  switch (event.type) {
    case eventSubjects.promptUpdated: {
      const { userId, ...data } = event.data as EventEnvelope<'events.prompt.updated'>['data'];
      return { kind: 'change', userId, change: { type: 'prompt.updated', ...data, occurredAt } };
    }
    case eventSubjects.promptDeleted: {
      const { userId, ...data } = event.data as EventEnvelope<'events.prompt.deleted'>['data'];
      return { kind: 'change', userId, change: { type: 'prompt.deleted', ...data, occurredAt } };
    }
    case eventSubjects.categoryDeleted: {
      const { userId, ...data } = event.data as EventEnvelope<'events.category.deleted'>['data'];
      return { kind: 'change', userId, change: { type: 'category.deleted', ...data, occurredAt } };
    }
    case eventSubjects.tierChanged: {
      const { userId, ...data } = event.data as EventEnvelope<'events.tier.changed'>['data'];
      return { kind: 'change', userId, change: { type: 'tier.changed', ...data, occurredAt } };
    }
    case eventSubjects.userDeleted:
      return { kind: 'userDeleted', userId: (event.data as { userId: number }).userId };
    default:
      return { kind: 'none' };
  }
}

/** The event types the feed reads, by their subject without the namespace. */
export const FEED_EVENT_TYPES: EventSubject[] = [
  eventSubjects.promptUpdated,
  eventSubjects.promptDeleted,
  eventSubjects.categoryDeleted,
  eventSubjects.tierChanged,
  eventSubjects.userDeleted,
];

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
