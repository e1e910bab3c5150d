import { describe, expect, it } from 'vitest';
import { latest, withTimeout } from './scrape-reads';

describe('reads at scrape time', () => {
  it('shares the read in flight and starts a new one once it settled', async () => {
    let reads = 0;
    let finish: (value: number) => void = () => undefined;
    const read = latest(() => {
      reads += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    });
    const [first, second] = [read(), read()];
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(reads).toBe(1);
    const third = read();
    finish(8);
    expect(await third).toBe(8);
    expect(reads).toBe(2);
  });

  it('gives up on a read that does not answer in time, and passes on one that does', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, 'The queue')).rejects.toThrow(
      'The queue did not answer within 10 ms',
    );
    await expect(withTimeout(Promise.resolve('ok'), 10)).resolves.toBe('ok');
  });
});
