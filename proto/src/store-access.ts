import { redisPrefix } from './namespace';

/** The processes that use Redis; auth and library are given no address of it. */
export type RedisProcess = 'gateway' | 'sharing' | 'billing';

export const redisProcesses: readonly RedisProcess[] = ['gateway', 'sharing', 'billing'];

export function isRedisProcess(name: string): name is RedisProcess {
  return (redisProcesses as readonly string[]).includes(name);
}

/**
 * The beginnings of the keys each process may touch, after the namespace's prefix: its Redis user
 * may read and write those keys and no other, so a process taken over cannot write a session
 * (the gateway's `sess:`) or drop another's queue. A key a process adds must start with one of its
 * own here, or its Redis refuses it (NOPERM).
 */
export const redisKeyAccess: Record<RedisProcess, readonly string[]> = {
  // Sessions and each user's index of them, rate limits, Google sign-in nonces, the API-key cache,
  // open live feeds and checkout states.
  gateway: ['sess:', 'usess:', 'rl:', 'gnonce:', 'api-key:', 'live:', 'checkout-state:'],
  // The public read cache (share:, share-gen:) and view counting (share-seen:, share-views:, …).
  sharing: ['share'],
  // BullMQ's queues (webhooks, sweeps).
  billing: ['bull:'],
};

/** The key patterns of a process's Redis user in one namespace. */
export function redisKeyPatterns(process: RedisProcess, namespace: string): string[] {
  return redisKeyAccess[process].map((start) => `${redisPrefix(namespace)}${start}*`);
}
