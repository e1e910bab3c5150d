import type { LiveChange } from '@promptlib/proto';

export type FeedEvent = { id: string | undefined; event: string; data: string };

export type FeedOptions = { cookie?: string; apiKey?: string; lastEventId?: string; query?: string };

/** An open GET /api/events, read as an EventSource reads it: frames split on blank lines. */
export class FeedReader {
  readonly events: FeedEvent[] = [];
  comments = 0;
  private ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly controller: AbortController,
    body: ReadableStream<Uint8Array> | null,
  ) {
    if (body) void this.read(body);
  }

  /** Opens the feed; a refusal comes back with its status and no events. */
  static async open(baseUrl: string, options: FeedOptions = {}): Promise<FeedReader> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events${options.query ?? ''}`, {
      headers,
      signal: controller.signal,
    });
    if (response.status !== 200) {
      const reader = new FeedReader(response.status, response.headers, controller, null);
      reader.events.push({ id: undefined, event: 'refused', data: await response.text() });
      reader.ended = true;
      return reader;
    }
    return new FeedReader(response.status, response.headers, controller, response.body);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The `change` events so far, parsed. */
  get changes(): (LiveChange & { eventId: string })[] {
    return this.events
      .filter((event) => event.event === 'change')
      .map((event) => ({ ...(JSON.parse(event.data) as LiveChange), eventId: event.id! }));
  }

  get lastEventId(): string | undefined {
    return this.events.findLast((event) => event.id !== undefined)?.id;
  }

  /** Waits until `ready()` holds, or fails after `timeoutMs` with what the feed had. */
  async until(ready: (feed: FeedReader) => boolean, timeoutMs = 10_000, what = 'the feed'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready(this)) {
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${what}; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = pending.indexOf('\n\n')) >= 0) {
          this.frame(pending.slice(0, split));
          pending = pending.slice(split + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted by close(), or the server went away: the feed has ended either way.
    }
    this.ended = true;
    this.wake();
  }

  private frame(text: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let fields = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields += 1;
      if (name === 'id') id = value;
      else if (name === 'event') event = value;
      else if (name === 'data') data.push(value);
      else if (name === 'retry') event = 'retry';
    }
    if (fields > 0) this.events.push({ id, event, data: data.join('\n') });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
