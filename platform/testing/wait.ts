import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls until the check holds; a check that throws counts as not yet. Past the timeout it throws,
 * naming what it waited for.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * Reads until `accept` holds or the time is up, and answers the last reading, so the test asserts
 * on what it saw (an asynchronous change, such as an event applied, showing through an API).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}
