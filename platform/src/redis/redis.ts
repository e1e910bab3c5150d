import { redisPrefix } from '@promptlib/proto';
import Redis from 'ioredis';
import type { Logger } from 'pino';

/**
 * A client whose every key starts with the namespace, so installations sharing one Redis never
 * read each other's sessions or counters. Commands fail fast while Redis is away instead of
 * queueing behind a dead connection.
 */
export function createRedis(url: string, namespace: string, logger: Logger): Redis {
  const client = new Redis(url, {
    keyPrefix: redisPrefix(namespace),
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let reportedDown = false;
  client.on('error', (error) => {
    if (reportedDown) return;
    reportedDown = true;
    logger.warn({ err: error.message }, 'Redis unavailable');
  });
  client.on('ready', () => {
    if (reportedDown) logger.info('Redis available again');
    reportedDown = false;
  });
  return client;
}

/**
 * A connection for BullMQ, which refuses ioredis's key prefix (it namespaces its keys with its own
 * `prefix` option: use `bullMqPrefix`) and needs commands to wait for a reconnect rather than fail.
 */
export function createBullMqConnection(url: string, logger: Logger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 3_000 });
  client.on('error', (error) => logger.debug({ err: error.message }, 'BullMQ Redis connection error'));
  return client;
}

/** BullMQ's `prefix` for a namespace's queues: `<namespace>:bull`, beside the namespace's other keys. */
export function bullMqPrefix(namespace: string): string {
  return `${redisPrefix(namespace)}bull`;
}

export async function isRedisReady(client: Redis, timeoutMs = 1_000): Promise<boolean> {
  if (client.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([client.ping().then((pong) => pong === 'PONG'), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
