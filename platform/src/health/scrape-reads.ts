/**
 * The read in flight, or a new one: gauges of one scrape share a read, and a read that hangs (a
 * pool waiting for Postgres, a NATS that is away) is never joined by another.
 */
export function latest<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/** `promise`, or a rejection after `ms`: a scrape must not wait on a store that is away. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'The read'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
