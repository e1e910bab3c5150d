import type { LiveChangeType } from '@promptlib/proto';

/** One delivered change, kept to resume feeds from: the stream sequence it had, its SSE frame and type. */
export type FeedEntry = { seq: number; userId: number; frame: string; type: LiveChangeType };

export type ReplayLimits = { maxEvents: number; maxBytes: number };

/**
 * The recent changes of every user, in stream order, to resume a feed from `Last-Event-ID`. It
 * answers for every sequence from `coveredFrom` on: each event from there was either kept or is of
 * no user (a registration), so "nothing of this user after N" is a true answer there. The oldest
 * entries go first once the count or the bytes are over their limits, and the coverage with them.
 */
export class ReplayBuffer {
  private entries: FeedEntry[] = [];
  /** Index of the oldest live entry; the array is compacted once half of it is dropped. */
  private head = 0;
  private bytes = 0;
  private newestSeq: number;

  constructor(
    private readonly limits: ReplayLimits,
    private coveredFromSeq: number,
  ) {
    this.newestSeq = coveredFromSeq - 1;
  }

  get coveredFrom(): number {
    return this.coveredFromSeq;
  }

  /** The last sequence seen, kept or not. */
  get newest(): number {
    return this.newestSeq;
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  /** Notes that the stream reached `seq`, with the user's change if it has one. In stream order. */
  advance(seq: number, entry?: FeedEntry): void {
    if (seq <= this.newestSeq) return;
    this.newestSeq = seq;
    if (!entry) return;
    this.entries.push(entry);
    this.bytes += entry.frame.length;
    while (this.size > this.limits.maxEvents || (this.bytes > this.limits.maxBytes && this.size > 1)) {
      const dropped = this.entries[this.head++];
      this.bytes -= dropped.frame.length;
      this.coveredFromSeq = dropped.seq + 1;
    }
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * The user's entries after `seq`, oldest first, or null where the buffer no longer holds all of
   * them (the caller must start the user over). A `seq` past the newest answers nothing yet.
   */
  after(userId: number, seq: number): FeedEntry[] | null {
    if (seq + 1 < this.coveredFromSeq) return null;
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle].seq <= seq) low = middle + 1;
      else high = middle;
    }
    const found: FeedEntry[] = [];
    for (let index = low; index < this.entries.length; index++) {
      if (this.entries[index].userId === userId) found.push(this.entries[index]);
    }
    return found;
  }
}
