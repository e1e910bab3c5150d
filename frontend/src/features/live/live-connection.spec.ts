import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type EventSourceFactory, type LiveMessage } from './live-connection';

class FakeSource {
  readyState = 0;
  onerror: ((event: Event) => unknown) | null = null;
  onopen: ((event: Event) => unknown) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (event: Event) => void>();

  constructor(readonly url: string) {}

  addEventListener(name: string, listener: (event: Event) => void): void {
    this.listeners.set(name, listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  emit(name: string, data: string, lastEventId: string): void {
    this.listeners.get(name)?.(new MessageEvent(name, { data, lastEventId }));
  }

  /** A refusal or a lost connection the browser gives up on. */
  fail(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

describe('LiveConnection', () => {
  let sources: FakeSource[];
  let received: LiveMessage[];
  let connection: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    received = [];
    const open = ((url: string) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    }) as unknown as EventSourceFactory;
    connection = new LiveConnection((message) => received.push(message), open);
  });

  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });

  it('hands on changes and resets as they come', () => {
    connection.start();
    expect(sources[0].url).toBe('/api/events');
    sources[0].emit('change', JSON.stringify({ type: 'prompt.deleted', promptId: 4, version: 2 }), 'e-1');
    sources[0].emit('reset', '{}', 'e-2');
    sources[0].emit('change', 'not json', 'e-3');
    expect(received).toEqual([
      { kind: 'change', change: { type: 'prompt.deleted', promptId: 4, version: 2 }, id: 'e-1' },
      { kind: 'reset', id: 'e-2' },
    ]);
  });

  it('after a refusal, opens a new feed from the last event id, pausing longer each time', () => {
    connection.start();
    sources[0].emit('change', JSON.stringify({ type: 'prompt.deleted', promptId: 1, version: 1 }), 'e-7');
    sources[0].fail();
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources[1].url).toBe('/api/events?lastEventId=e-7');
    sources[1].fail();
    vi.advanceTimersByTime(3_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
  });

  it('says when a feed opened afresh, with nothing to resume from', () => {
    connection.start();
    sources[0].onopen?.(new Event('open'));
    expect(received).toEqual([{ kind: 'opened' }]);
    sources[0].emit('change', JSON.stringify({ type: 'prompt.deleted', promptId: 1, version: 1 }), 'e-1');
    sources[0].onopen?.(new Event('open'));
    expect(received).toHaveLength(2);
  });

  it('opens from where the page’s first reads stood, and says no fresh start then', () => {
    connection.start('e-40');
    expect(sources[0].url).toBe('/api/events?lastEventId=e-40');
    sources[0].onopen?.(new Event('open'));
    expect(received).toEqual([]);
    sources[0].emit('change', JSON.stringify({ type: 'prompt.deleted', promptId: 1, version: 1 }), 'e-41');
    sources[0].fail();
    vi.advanceTimersByTime(2_000);
    expect(sources[1].url).toBe('/api/events?lastEventId=e-41');
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', () => {
    connection.start();
    sources[0].onerror?.(new Event('error'));
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });

  it('closes the feed and opens no other once stopped', () => {
    connection.start();
    sources[0].fail();
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(sources[0].closed).toBe(true);
  });
});
