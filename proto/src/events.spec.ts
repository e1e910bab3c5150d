import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, eventsStream } from './events';
import { isValidNamespace, namespaced } from './namespace';

describe('eventsStream', () => {
  it('names the stream and its subjects after the namespace', () => {
    const stream = eventsStream('promptlib');
    expect(stream.name).toBe('PROMPTLIB_EVENTS');
    expect(stream.subjects).toEqual(['promptlib.events.>']);
  });

  it('keeps events for 7 days and drops duplicates within 2 minutes', () => {
    const stream = eventsStream('x');
    expect(stream.maxAgeNanos).toBe(7 * 24 * 3600 * 1e9);
    expect(stream.duplicateWindowNanos).toBe(120 * 1e9);
  });

  it('refuses new events when full rather than drop old ones, and any above 256 KiB', () => {
    const stream = eventsStream('x');
    expect(stream.discard).toBe('new');
    expect(stream.maxMessageBytes).toBe(256 * 1024);
    expect(MAX_EVENT_BYTES).toBeLessThan(stream.maxMessageBytes);
  });
});

describe('namespace', () => {
  it('accepts names usable as subject token, Redis prefix, database and stream name', () => {
    expect(isValidNamespace('promptlib')).toBe(true);
    expect(isValidNamespace('plt_test_1')).toBe(true);
  });

  it.each(['', 'Promptlib', '1abc', 'a.b', 'a-b', 'a b', 'a>', 'x'.repeat(41)])('refuses %p', (ns) => {
    expect(isValidNamespace(ns)).toBe(false);
  });

  it('prefixes subjects', () => {
    expect(namespaced('ns', 'auth.users.get')).toBe('ns.auth.users.get');
  });
});
