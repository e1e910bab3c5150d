import { describe, expect, it } from 'vitest';
import { mapInTurns } from './map-in-turns';

/** A call that ends when the test says so, recording how many were pending at once. */
function gatedWork() {
  const gates = new Map<number, () => void>();
  let pending = 0;
  let mostPending = 0;
  const work = (item: number) =>
    new Promise<string>((resolve) => {
      pending += 1;
      mostPending = Math.max(mostPending, pending);
      gates.set(item, () => {
        pending -= 1;
        resolve(`done ${item}`);
      });
    });
  return { work, gates, mostPending: () => mostPending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('mapInTurns', () => {
  it('keeps at most inFlight calls pending and answers in the items’ order, whatever order they end in', async () => {
    const { work, gates, mostPending } = gatedWork();
    const mapped = mapInTurns([1, 2, 3, 4, 5], 2, work);
    await settle();
    expect([...gates.keys()]).toEqual([1, 2]);
    gates.get(2)!();
    await settle();
    expect([...gates.keys()]).toEqual([1, 2, 3]);
    for (const item of [3, 1, 4, 5]) {
      gates.get(item)!();
      await settle();
    }
    await expect(mapped).resolves.toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(mostPending()).toBe(2);
  });

  it('starts no more workers than there are items, and maps nothing to nothing', async () => {
    const { work, gates, mostPending } = gatedWork();
    const mapped = mapInTurns([7], 8, work);
    await settle();
    gates.get(7)!();
    await expect(mapped).resolves.toEqual(['done 7']);
    expect(mostPending()).toBe(1);
    await expect(mapInTurns([], 8, work)).resolves.toEqual([]);
  });

  it('fails with the first failure, as Promise.all does', async () => {
    const work = async (item: number) => {
      if (item === 2) throw new Error('item 2 failed');
      return item;
    };
    await expect(mapInTurns([1, 2, 3], 2, work)).rejects.toThrow('item 2 failed');
  });

  it('refuses a limit that would never start a call', async () => {
    await expect(mapInTurns([1], 0, async (item) => item)).rejects.toThrow(RangeError);
    await expect(mapInTurns([1], 1.5, async (item) => item)).rejects.toThrow(RangeError);
  });
});
