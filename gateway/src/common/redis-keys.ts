import type Redis from 'ioredis';

/** The text as a SCAN pattern matches it literally. */
export function globEscaped(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}

/**
 * Deletes every key that starts with `start` (given without the client's key prefix, as every
 * other command takes keys): SCAN is the one command the prefix is not added to.
 */
export async function deleteKeysStartingWith(redis: Redis, start: string): Promise<void> {
  const prefix = redis.options.keyPrefix ?? '';
  const pattern = `${globEscaped(prefix + start)}*`;
  for await (const keys of redis.scanStream({ match: pattern, count: 1_000 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  }
}
