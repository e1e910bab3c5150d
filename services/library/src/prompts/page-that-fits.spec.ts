import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '@promptlib/proto';
import { pageThatFits } from './page-that-fits';

type Row = { id: number; candidates: number; size: number };

/** A table of `count` rows, ids count..1 newest first, read as the repositories read a page. */
function table(count: number, size: number) {
  const reads: number[] = [];
  const read = async (rows: number): Promise<Row[]> => {
    reads.push(rows);
    const considered = Math.min(rows, count);
    return Array.from({ length: considered }, (_, index) => ({
      id: count - index,
      candidates: considered,
      size,
    }));
  };
  const encode = (rows: Row[]) => ({
    reply: rows.map((row) => row.id),
    bytes: rows.reduce((sum, row) => sum + row.size, 0),
  });
  return { reads, read, encode };
}

describe('a page that is one reply', () => {
  it('takes the rows asked for when they fit, and names the last one when more follow', async () => {
    const { reads, read, encode } = table(10, 100);
    const page = await pageThatFits(4, read, encode);
    expect(page.reply).toEqual([10, 9, 8, 7]);
    expect(page.nextBefore).toBe(7);
    expect(reads).toEqual([4]);
  });

  it('ends the list when the read held every row left', async () => {
    const { read, encode } = table(3, 100);
    const page = await pageThatFits(4, read, encode);
    expect(page.reply).toEqual([3, 2, 1]);
    expect(page.nextBefore).toBeNull();
    expect((await pageThatFits(4, table(0, 100).read, encode)).nextBefore).toBeNull();
  });

  it('reads half as many rows until their reply fits, and one row whatever its size', async () => {
    const quarter = Math.floor(MAX_MESSAGE_BYTES / 4);
    const { reads, read, encode } = table(100, quarter);
    const page = await pageThatFits(8, read, encode);
    expect(reads).toEqual([8, 4, 2]);
    expect(page.reply).toEqual([100, 99]);
    expect(page.nextBefore).toBe(99);

    const huge = table(5, MAX_MESSAGE_BYTES * 2);
    const single = await pageThatFits(8, huge.read, huge.encode);
    expect(huge.reads).toEqual([8, 4, 2, 1]);
    expect(single.reply).toEqual([5]);
    expect(single.nextBefore).toBe(5);
  });
});
