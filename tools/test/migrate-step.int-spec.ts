import Redis from 'ioredis';
import { Client } from 'pg';
import { databaseLoginsFor, redisUsersFor } from '../src/run/migrate-step';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_mstep`;
const plain = `${namespace}_plain`;

const as = (url: string, user: string, password: string) =>
  Object.assign(new URL(url), { username: user, password }).toString();

describe("npm start's logins and Redis users", () => {
  const admin = new Client({ connectionString: server });
  const redis = new Redis(REDIS_URL);

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS "${plain}"`);
    await admin.query(`CREATE ROLE "${plain}" LOGIN PASSWORD 'plain-password'`);
    await redis.call(
      'ACL',
      'SETUSER',
      plain,
      'reset',
      'on',
      '>plain-password',
      `~${namespace}:*`,
      '+@all',
      '-@dangerous',
    );
  });

  afterAll(async () => {
    await admin.query(`DROP ROLE IF EXISTS "${plain}"`);
    await admin.end();
    await redis.call('ACL', 'DELUSER', plain);
    redis.disconnect();
  });

  it('names a login and a user per process, with fresh passwords, when the given ones may make them', async () => {
    const logins = await databaseLoginsFor(server, namespace);
    expect(new URL(logins!.serviceUrls.library).username).toBe(`${namespace}_library`);
    expect(new URL(logins!.migrateEnv.DATABASE_URL).username).toBe(`${namespace}_migrate`);
    expect(logins!.migrateEnv.DATABASE_ADMIN_URL).toBe(server);
    const again = await databaseLoginsFor(server, namespace);
    expect(new URL(again!.serviceUrls.library).password).not.toBe(
      new URL(logins!.serviceUrls.library).password,
    );
    const users = await redisUsersFor(REDIS_URL, namespace);
    expect(new URL(users!.processUrls.gateway).username).toBe(`${namespace}_gateway`);
    expect(users!.migrateEnv.REDIS_SHARING_URL).toBe(users!.processUrls.sharing);
  });

  it('falls back to the one login and user given when they may not make others', async () => {
    await expect(databaseLoginsFor(as(server, plain, 'plain-password'), namespace)).resolves.toBeUndefined();
    await expect(redisUsersFor(as(REDIS_URL, plain, 'plain-password'), namespace)).resolves.toBeUndefined();
  });
});
