import { redisProcesses, type RedisProcess } from '@promptlib/proto';
import Redis from 'ioredis';
import { redisAnswer } from '../testing/store-answers';
import { createRedis } from '../src/redis/redis';
import { ensureRedisUsers } from '../src/redis/redis-users';
import { captureLogger } from './support/capture-logger';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_rusers`;
const userOf = (process: RedisProcess) => `${namespace}_${process}`;
const urlOf = (process: RedisProcess) => {
  const url = new URL(REDIS_URL);
  url.username = userOf(process);
  url.password = `${process}-secret`;
  return url.toString();
};

const as = (process: RedisProcess, ...command: string[]) => redisAnswer(urlOf(process), command);

describe("Redis users: each process its own keys, and nothing of another's", () => {
  const { logger } = captureLogger('redis-users-test');
  const admin = new Redis(REDIS_URL);

  beforeAll(async () => {
    await ensureRedisUsers(
      REDIS_URL,
      namespace,
      Object.fromEntries(redisProcesses.map((process) => [process, urlOf(process)])),
      logger,
    );
  });

  afterAll(async () => {
    await admin.call('ACL', 'DELUSER', ...redisProcesses.map(userOf));
    const keys = await admin.keys(`${namespace}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('lets each process use its own keys', async () => {
    expect(await as('gateway', 'SET', `${namespace}:sess:abc`, '{"user":1}')).toBe('allowed');
    expect(await as('gateway', 'ZADD', `${namespace}:rl:login:1.2.3.4`, '1', 'a')).toBe('allowed');
    expect(await as('sharing', 'SET', `${namespace}:share:xyz`, 'cached')).toBe('allowed');
    expect(await as('sharing', 'INCR', `${namespace}:share-views:batch:1`)).toBe('allowed');
    expect(await as('billing', 'LPUSH', `${namespace}:bull:webhooks:wait`, '1')).toBe('allowed');
    // The namespace's own client (prefix included) works under the user too.
    const client = createRedis(urlOf('gateway'), namespace, logger);
    try {
      await client.set('gnonce:n1', 'x', 'EX', 60);
      expect(await client.get('gnonce:n1')).toBe('x');
    } finally {
      client.disconnect();
    }
  });

  it("refuses a session written by any other process, and any other's keys", async () => {
    for (const process of ['sharing', 'billing'] as const) {
      expect(await as(process, 'SET', `${namespace}:sess:abc`, '{"user":2}')).toBe('NOPERM');
      expect(await as(process, 'GET', `${namespace}:sess:abc`)).toBe('NOPERM');
    }
    expect(await as('gateway', 'SET', `${namespace}:share:xyz`, 'forged')).toBe('NOPERM');
    expect(await as('sharing', 'DEL', `${namespace}:bull:webhooks:wait`)).toBe('NOPERM');
    expect(await as('billing', 'SET', `${namespace}:share:xyz`, 'forged')).toBe('NOPERM');
    // Another namespace's keys, and the server itself, are no one's.
    expect(await as('gateway', 'SET', 'other_ns:sess:abc', '{}')).toBe('NOPERM');
    for (const command of [
      ['FLUSHALL'],
      ['KEYS', '*'],
      ['CONFIG', 'GET', '*'],
      ['ACL', 'LIST'],
      ['PUBLISH', 'x', 'y'],
    ]) {
      expect(await as('sharing', ...command)).toBe('NOPERM');
    }
    expect(await admin.get(`${namespace}:sess:abc`)).toBe('{"user":1}');
  });

  it('sets the rules again when run again, and refuses the default user as a process', async () => {
    await admin.call('ACL', 'SETUSER', userOf('sharing'), `~${namespace}:sess:*`);
    expect(await as('sharing', 'SET', `${namespace}:sess:abc`, '{"user":2}')).toBe('allowed');
    await ensureRedisUsers(REDIS_URL, namespace, { sharing: urlOf('sharing') }, logger);
    expect(await as('sharing', 'SET', `${namespace}:sess:abc`, '{"user":2}')).toBe('NOPERM');
    await expect(
      ensureRedisUsers(
        REDIS_URL,
        namespace,
        { gateway: REDIS_URL.replace('redis://', 'redis://default:x@') },
        logger,
      ),
    ).rejects.toThrow(/REDIS_GATEWAY_URL must name the process's own Redis user/);
  });
});
