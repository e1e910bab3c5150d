import { redisKeyPatterns, redisProcesses, type RedisProcess } from '@promptlib/proto';
import Redis from 'ioredis';
import type { Logger } from 'pino';

/** The variable that gives the migrate step a process's own Redis address (its user and password). */
export function processRedisUrlVariable(process: RedisProcess): `REDIS_${Uppercase<RedisProcess>}_URL` {
  return `REDIS_${process.toUpperCase() as Uppercase<RedisProcess>}_URL`;
}

/**
 * What a process's Redis user may do: its own keys (redisKeyAccess) with any command but the
 * dangerous ones (FLUSHALL, KEYS, CONFIG, DEBUG, …), no pub/sub channel, and INFO, which BullMQ
 * reads at start to check the server.
 */
export function redisUserRules(process: RedisProcess, namespace: string): string[] {
  return [
    'resetkeys',
    ...redisKeyPatterns(process, namespace).map((pattern) => `~${pattern}`),
    'resetchannels',
    '-@all',
    '+@all',
    '-@dangerous',
    '+info',
  ];
}

/**
 * With a Redis user that may manage users (REDIS_ADMIN_URL): makes each process's user, named and
 * with the password its address carries, hold exactly its rules, and asks Redis to keep them in
 * its ACL file.
 */
export async function ensureRedisUsers(
  adminUrl: string,
  namespace: string,
  urls: Partial<Record<RedisProcess, string>>,
  logger: Logger,
): Promise<void> {
  const admin = new Redis(adminUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  await admin.connect();
  try {
    for (const process of redisProcesses) {
      const url = urls[process];
      if (!url) continue;
      const parsed = new URL(url);
      const user = decodeURIComponent(parsed.username);
      if (!user || user === 'default') {
        throw new Error(
          `${processRedisUrlVariable(process)} must name the process's own Redis user, not the default one`,
        );
      }
      const password = decodeURIComponent(parsed.password);
      await admin.call(
        'ACL',
        'SETUSER',
        user,
        'reset',
        'on',
        password ? `>${password}` : 'nopass',
        ...redisUserRules(process, namespace),
      );
    }
    // Kept across a restart only by a server with an ACL file (`aclfile`); never by rewriting its
    // config file, which on a developer's machine is the system's own.
    const saved = await admin.call('ACL', 'SAVE').then(
      () => true,
      () => false,
    );
    if (!saved) {
      logger.info(
        'Redis has no ACL file: the users last until it restarts, when the migrate step makes them again',
      );
    }
  } finally {
    admin.disconnect();
  }
}
