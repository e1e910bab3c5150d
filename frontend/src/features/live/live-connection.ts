import { LIVE_EVENTS_PATH, liveEventNames, type LiveChange } from '@promptlib/proto';

/**
 * `opened`: a feed opened afresh, with no event id to resume from; what changed between the page's
 * first reads and this moment is not in it.
 */
export type LiveMessage =
  { kind: 'change'; change: LiveChange; id?: string } | { kind: 'reset'; id?: string } | { kind: 'opened' };

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onerror: ((this: EventSource, event: Event) => unknown) | null;
  onopen: ((this: EventSource, event: Event) => unknown) | null;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/**
 * The user's live feed (GET /api/events), kept open. The browser reconnects by itself after a
 * dropped connection, sending the last event id back; after a refusal (the server busy, the account
 * at its cap of feeds) it gives up, so this opens a new one after a growing pause, naming the last
 * event id it had, so nothing is missed either way.
 */
export class LiveConnection {
  private source: EventSourceLike | undefined;
  private lastEventId: string | null = null;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly receive: (message: LiveMessage) => void,
    private readonly open: EventSourceFactory = (url) => new EventSource(url),
  ) {}

  /**
   * Opens the feed, from `from` (an event id: where this page's reads stood, or the last change
   * another tab passed on) when it has heard nothing itself yet.
   */
  start(from: string | null = null): void {
    this.stopped = false;
    this.lastEventId ??= from;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.source?.close();
    this.source = undefined;
  }

  private connect(): void {
    const query = this.lastEventId === null ? '' : `?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    const source = this.open(`${LIVE_EVENTS_PATH}${query}`);
    this.source = source;
    source.addEventListener(liveEventNames.change, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      try {
        const change = JSON.parse(message.data) as LiveChange;
        this.receive({ kind: 'change', change, id: message.lastEventId || undefined });
      } catch {
        // A change this version of the app cannot read is left to the next reload.
      }
    });
    source.addEventListener(liveEventNames.reset, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      this.receive({ kind: 'reset', id: message.lastEventId || undefined });
    });
    const fresh = this.lastEventId === null;
    source.onopen = () => {
      this.failures = 0;
      if (fresh && this.lastEventId === null) this.receive({ kind: 'opened' });
    };
    source.onerror = () => {
      if (source.readyState !== CLOSED || this.stopped || this.source !== source) return;
      this.failures += 1;
      const pause = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (this.failures - 1));
      this.retry = setTimeout(() => {
        if (!this.stopped) this.connect();
      }, pause);
    };
  }
}
