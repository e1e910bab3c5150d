// The live feed of a user's own changes (GET /api/events, Server-Sent Events). Kept free of zod:
// the web app reads these types and names.
import type { EventData } from './events';

/** Where a browser or a program opens the feed. */
export const LIVE_EVENTS_PATH = '/api/events';

/**
 * On every API answer: the feed's event id as the request came in. A page opens its feed from the
 * earliest it saw, so a change between its first reads and its feed's start is not missed.
 */
export const LIVE_POSITION_HEADER = 'X-Live-Position';

export const liveLimits = {
  /**
   * Open feeds per user across every gateway replica: a few devices with a few tabs each. More
   * would let one account hold a replica's connections; the next one is answered 429.
   */
  streamsPerUser: 10,
  /**
   * Events a gateway replica keeps to resume a feed from (`Last-Event-ID`), and their bytes at
   * most: a reconnect after a replica stopped, or after a few minutes offline, misses nothing.
   * Further behind, the feed says `reset` and the client reads everything again.
   */
  replayEvents: 10_000,
  replayBytes: 32 * 1024 * 1024,
  /** What the browser waits before reconnecting, as the feed's `retry:` tells it. */
  reconnectMs: 2_000,
} as const;

/** SSE event names: `change` carries a LiveChange; `reset` says changes were missed: read again. */
export const liveEventNames = { change: 'change', reset: 'reset' } as const;

type Announced<S extends LiveEventSubject> = { type: S extends `events.${infer T}` ? T : never } & Omit<
  EventData[S],
  'userId'
> & { occurredAt: string };

/** The events a user's own feed carries, by subject: the one list the gateway reads and the types follow. */
export const liveEventSubjects = [
  'events.prompt.updated',
  'events.prompt.deleted',
  'events.prompt.marked',
  'events.category.updated',
  'events.category.deleted',
  'events.tag.changed',
  'events.share.changed',
  'events.tier.changed',
] as const satisfies readonly (keyof EventData)[];

export type LiveEventSubject = (typeof liveEventSubjects)[number];

/**
 * One change of the user's own data, as the services announced it: the event's data without the
 * user's id, named by its subject without `events.`. A prompt's create and edit are both
 * `prompt.updated`; the highest `version` of a prompt wins. `prompt.marked` is a star or tags
 * changed, `tag.changed` a tag renamed or taken off every prompt, `category.updated` a category
 * made, renamed or moved, `share.changed` a public link made or revoked.
 */
export type LiveChange = { [S in LiveEventSubject]: Announced<S> }[LiveEventSubject];

export type LiveChangeType = LiveChange['type'];
