import { lazy } from 'react';

// A chunk that fails to load (the server restarting, a moment offline) is fetched again after
// these pauses before the page gives up on it: browsers fetch a failed module again on a new import().
const RETRY_PAUSES_MS = [1_000, 2_000, 4_000];

/** Runs `load` until it succeeds, pausing between tries, and passes on the last failure. */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  pauses: readonly number[] = RETRY_PAUSES_MS,
): Promise<T> {
  for (const pause of pauses) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return load();
}

/** React.lazy whose chunk is fetched again after a failure instead of failing the page at once. */
export function lazyWithRetry<Load extends Parameters<typeof lazy>[0]>(load: Load) {
  return lazy((() => loadWithRetry(load)) as Load);
}
