// The live feed of a user's own changes (GET /api/events, Server-Sent Events). Kept free of zod:
// the web app reads these types and names.

/** Where a browser or a program opens the feed. */
export const LIVE_EVENTS_PATH = '/api/events';

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

/**
 * One change of the user's own data, as the services announced it (their events without the user's
 * id). A prompt's create and edit are both `prompt.updated`; the highest `version` of a prompt wins.
 */
export type LiveChange =
  | {
      type: 'prompt.updated';
      promptId: number;
      title: string;
      content: string;
      categoryId: number | null;
      version: number;
      occurredAt: string;
    }
  | { type: 'prompt.deleted'; promptId: number; version: number; occurredAt: string }
  | { type: 'category.deleted'; categoryId: number; promptIds: number[]; occurredAt: string }
  | {
      type: 'tier.changed';
      isPro: boolean;
      isCancelled: boolean;
      endsAt: string | null;
      version: number;
      occurredAt: string;
    };

export type LiveChangeType = LiveChange['type'];
