import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { connectWithRetry } from './connect-with-retry';

const logger = { warn: vi.fn() };

function failing(...errors: unknown[]) {
  const initialize = vi.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
  });
  return { initialize } as unknown as Parameters<typeof connectWithRetry>[0] & { initialize: Mock };
}

describe('connectWithRetry', () => {
  beforeEach(() => logger.warn.mockClear());

  it('tries again after a connection that timed out or was refused, and then connects', async () => {
    const timedOut = new Error('Connection terminated due to connection timeout');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const dataSource = failing(timedOut, refused);

    await connectWithRetry(dataSource, logger, [1, 1, 1]);

    expect(dataSource.initialize).toHaveBeenCalledTimes(3);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('gives up with the last failure once the pauses are spent', async () => {
    const dataSource = failing(...[1, 2, 3, 4].map((n) => new Error(`timeout ${n}`)));

    await expect(connectWithRetry(dataSource, logger, [1, 1, 1])).rejects.toThrow('timeout 4');
    expect(dataSource.initialize).toHaveBeenCalledTimes(4);
  });

  it('fails at once on a refusal from Postgres itself, which no retry mends', async () => {
    const badPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    const dataSource = failing(badPassword);

    await expect(connectWithRetry(dataSource, logger, [1, 1, 1])).rejects.toBe(badPassword);
    expect(dataSource.initialize).toHaveBeenCalledTimes(1);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
