import { describe, expect, it } from 'vitest';
import { UseCounter } from './use-counter';

/** A store whose writes finish when the test says, recording what each write added. */
function heldStore() {
  const counts = new Map<string, number>();
  const writes: { key: string; uses: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const addUses = (userId: number, promptId: number, uses: number) =>
    new Promise<number | null>((resolve, reject) => {
      const key = `${userId}:${promptId}`;
      writes.push({
        key,
        uses,
        finish: () => {
          if (promptId === 404) return resolve(null);
          counts.set(key, (counts.get(key) ?? 0) + uses);
          resolve(counts.get(key)!);
        },
        fail: reject,
      });
    });
  return { counts, writes, addUses };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('UseCounter', () => {
  it('writes a lone use at once and answers its count', async () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    const use = counter.count(1, 7);
    expect(store.writes).toMatchObject([{ key: '1:7', uses: 1 }]);
    store.writes[0].finish();
    await expect(use).resolves.toBe(1);
  });

  it('adds the uses that arrive during a write together, each answered with its own count', async () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    const uses = [counter.count(1, 7), counter.count(1, 7), counter.count(1, 7), counter.count(1, 7)];
    expect(store.writes.map((write) => write.uses)).toEqual([1]);
    store.writes[0].finish();
    await settle();
    expect(store.writes.map((write) => write.uses)).toEqual([1, 3]);
    store.writes[1].finish();
    expect(await Promise.all(uses)).toEqual([1, 2, 3, 4]);
    expect(store.counts.get('1:7')).toBe(4);
  });

  it('answers no use before its own write has finished', async () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    void counter.count(1, 7);
    let second: number | null | undefined;
    void counter.count(1, 7).then((count) => (second = count));
    store.writes[0].finish();
    await settle();
    expect(second).toBeUndefined();
    store.writes[1].finish();
    await settle();
    expect(second).toBe(2);
  });

  it('writes different prompts, and different users, side by side', () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    void counter.count(1, 7);
    void counter.count(1, 8);
    void counter.count(2, 7);
    expect(store.writes.map((write) => write.key)).toEqual(['1:7', '1:8', '2:7']);
  });

  it('answers null to every use of a prompt that is not there', async () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    const first = counter.count(1, 404);
    const more = [counter.count(1, 404), counter.count(1, 404)];
    store.writes[0].finish();
    await settle();
    store.writes[1].finish();
    expect(await Promise.all([first, ...more])).toEqual([null, null, null]);
  });

  it('fails the uses of a failed write only, and goes on with the next', async () => {
    const store = heldStore();
    const counter = new UseCounter(store.addUses);
    const failed = counter.count(1, 7);
    const next = counter.count(1, 7);
    store.writes[0].fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await settle();
    store.writes[1].finish();
    await expect(next).resolves.toBe(1);
  });
});
