import { describe, expect, it } from 'vitest';
import { ReplayBuffer, type FeedEntry } from './replay-buffer';

const entry = (seq: number, userId: number, frame = `frame ${seq}`): FeedEntry => ({
  seq,
  userId,
  frame,
  type: 'prompt.updated',
});

describe('ReplayBuffer', () => {
  it('answers a user’s entries after a sequence, in order, and nothing of other users', () => {
    const buffer = new ReplayBuffer({ maxEvents: 100, maxBytes: 10_000 }, 5);
    buffer.advance(5, entry(5, 1));
    buffer.advance(6, entry(6, 2));
    buffer.advance(7); // a registration: no user's change
    buffer.advance(8, entry(8, 1));
    expect(buffer.after(1, 4)?.map((found) => found.seq)).toEqual([5, 8]);
    expect(buffer.after(1, 5)?.map((found) => found.seq)).toEqual([8]);
    expect(buffer.after(1, 8)).toEqual([]);
    expect(buffer.after(2, 6)).toEqual([]);
    expect(buffer.newest).toBe(8);
  });

  it('answers null for a sequence before what it covers', () => {
    const buffer = new ReplayBuffer({ maxEvents: 100, maxBytes: 10_000 }, 10);
    expect(buffer.after(1, 9)).toEqual([]);
    expect(buffer.after(1, 8)).toBeNull();
  });

  it('answers nothing yet for a sequence past the newest, as a client ahead of this replica has', () => {
    const buffer = new ReplayBuffer({ maxEvents: 100, maxBytes: 10_000 }, 1);
    buffer.advance(1, entry(1, 1));
    expect(buffer.after(1, 50)).toEqual([]);
  });

  it('drops the oldest entries past its count or bytes, and its coverage with them', () => {
    const byCount = new ReplayBuffer({ maxEvents: 2, maxBytes: 10_000 }, 1);
    for (const seq of [1, 2, 3]) byCount.advance(seq, entry(seq, 1));
    expect(byCount.coveredFrom).toBe(2);
    expect(byCount.after(1, 0)).toBeNull();
    expect(byCount.after(1, 1)?.map((found) => found.seq)).toEqual([2, 3]);

    const byBytes = new ReplayBuffer({ maxEvents: 100, maxBytes: 25 }, 1);
    for (const seq of [1, 2, 3]) byBytes.advance(seq, entry(seq, 1, 'x'.repeat(10)));
    expect(byBytes.size).toBe(2);
    expect(byBytes.coveredFrom).toBe(2);
  });

  it('keeps answering correctly across its compaction', () => {
    const buffer = new ReplayBuffer({ maxEvents: 1500, maxBytes: 1e9 }, 1);
    for (let seq = 1; seq <= 5000; seq++) buffer.advance(seq, entry(seq, seq % 3));
    expect(buffer.size).toBe(1500);
    expect(buffer.coveredFrom).toBe(3501);
    expect(buffer.after(1, 4990)?.map((found) => found.seq)).toEqual([4993, 4996, 4999]);
  });

  it('ignores a sequence it has already seen', () => {
    const buffer = new ReplayBuffer({ maxEvents: 10, maxBytes: 10_000 }, 1);
    buffer.advance(1, entry(1, 1));
    buffer.advance(1, entry(1, 1));
    expect(buffer.size).toBe(1);
  });
});
