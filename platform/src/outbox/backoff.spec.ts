import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the first delay', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 100, 5_000))).toEqual([100, 200, 400, 800]);
  });

  it('never exceeds the cap, however long the outage', () => {
    expect(backoffDelay(7, 100, 5_000)).toBe(5_000);
    expect(backoffDelay(10_000, 100, 5_000)).toBe(5_000);
  });
});
