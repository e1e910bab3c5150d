import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { Redis } from 'ioredis';
import { connect, StringCodec } from 'nats';
import { Client } from 'pg';

import { freePorts, waitUntil } from '@promptlib/platform/testing';

import { provisionInfra, stopServers, type StartedServer } from '../src/infra/bootstrap';

// Runs the real binaries on private ports; the machine's own servers on the default ports must stay untouched.
const NAMESPACE = 'infra_it';
const DEFAULT_PORTS = [5432, 6379, 4222];
const TEST_TIMEOUT_MS = 60_000;

type Ports = { postgres: number; redis: number; nats: number };

let dataDir: string;
let ports: Ports;
let env: { DATABASE_URL: string; REDIS_URL: string; NATS_URL: string };
let defaultsBefore: boolean[];
const running: StartedServer[] = [];
const infraLog: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptlib-infra-'));
  const [postgres = 0, redis = 0, nats = 0] = await freePorts(3);
  ports = { postgres, redis, nats };
  env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${postgres}/${NAMESPACE}`,
    REDIS_URL: `redis://127.0.0.1:${redis}`,
    NATS_URL: `nats://127.0.0.1:${nats}`,
  };
  defaultsBefore = await Promise.all(DEFAULT_PORTS.map((port) => portAnswers(port)));
});

afterAll(async () => {
  try {
    await stopServers(running, (line) => infraLog.push(line));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`bootstrap log:\n${infraLog.join('\n')}`);
  }
}, TEST_TIMEOUT_MS);

describe('provisionInfra on private ports', () => {
  it(
    'starts Postgres, Redis and NATS itself, reuses them on the next call, and stops only what it started',
    async () => {
      const firstStartedAt = Date.now();
      const first = await provision();
      const firstMs = Date.now() - firstStartedAt;

      expect(first.started.map((server) => [server.kind, server.port]).sort()).toEqual(
        [
          ['nats', ports.nats],
          ['postgres', ports.postgres],
          ['redis', ports.redis],
        ].sort(),
      );
      for (const server of first.started) {
        expect(server.dataDir).toBe(path.join(dataDir, `${server.kind}-${server.port}`));
        expect(server.pid).toEqual(expect.any(Number));
      }
      expect(first.databaseUrl).toBe(env.DATABASE_URL);
      await expect(postgresSelectOne(first.databaseUrl)).resolves.toBe(1);
      await expect(redisPing(first.redisUrl)).resolves.toBe('PONG');
      await expect(jetStreamAnswers(first.natsUrl)).resolves.toBe(true);
      // The shipped config: each app is a user of its own, known by the password made for it.
      await expect(natsAnswersAs(first.natsUrl, 'gateway', first.natsPasswords?.gateway)).resolves.toBe(true);
      await expect(natsAnswersAs(first.natsUrl, 'gateway', 'not-the-password')).resolves.toBe(false);
      // nats-server reads a password starting with a digit as a number, and refuses its config.
      expect(Object.values(first.natsPasswords ?? {}).filter((password) => !/^[a-z]/.test(password))).toEqual(
        [],
      );

      const secondStartedAt = Date.now();
      const second = await provision();
      const secondMs = Date.now() - secondStartedAt;
      console.log(
        `first provision (starting all three): ${firstMs} ms; second provision (reuse): ${secondMs} ms`,
      );
      expect(second.started).toEqual([]);
      expect(second.natsPasswords).toEqual(first.natsPasswords);
      expect(secondMs).toBeLessThan(5000);

      await stopTracked(first.started);
      for (const port of Object.values(ports)) {
        await expect(portAnswers(port)).resolves.toBe(false);
      }
      const defaultsAfter = await Promise.all(DEFAULT_PORTS.map((port) => portAnswers(port)));
      DEFAULT_PORTS.forEach((port, index) => {
        if (defaultsBefore[index] === true) {
          expect([port, defaultsAfter[index]]).toEqual([port, true]);
        }
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps data across a stop and a new start on the same data folder',
    async () => {
      const before = await provision();
      expect(before.started).toHaveLength(3);
      await writeSamples(before.databaseUrl, before.redisUrl, before.natsUrl);
      await stopTracked(before.started);

      const after = await provision();
      expect(after.started).toHaveLength(3);
      await expect(readSamples(after.databaseUrl, after.redisUrl, after.natsUrl)).resolves.toEqual({
        row: 'kept in postgres',
        key: 'kept in redis',
        message: 'kept in jetstream',
      });
      await stopTracked(after.started);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('provisionInfra refusing what it cannot use', () => {
  it(
    'fails without starting anything when NATS answers without JetStream',
    async () => {
      const [postgres = 0, redis = 0, nats = 0] = await freePorts(3);
      const plainNats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(nats)], { stdio: 'ignore' });
      try {
        await waitUntil(() => portAnswers(nats), 20_000, `nats-server on port ${nats}`, 100);
        await expect(
          provisionInfra({
            namespace: NAMESPACE,
            env: {
              DATABASE_URL: `postgres://postgres@127.0.0.1:${postgres}/${NAMESPACE}`,
              REDIS_URL: `redis://127.0.0.1:${redis}`,
              NATS_URL: `nats://127.0.0.1:${nats}`,
            },
            dataDir,
            allowInstall: false,
            log: (line) => infraLog.push(line),
          }),
        ).rejects.toThrow(
          /NATS at nats:\/\/127\.0\.0\.1:\d+ answers but cannot be used.*start nats-server with -js/,
        );
        await expect(portAnswers(postgres)).resolves.toBe(false);
        await expect(portAnswers(redis)).resolves.toBe(false);
      } finally {
        const exited = new Promise((resolve) => plainNats.once('exit', resolve));
        plainNats.kill('SIGTERM');
        await exited;
      }
    },
    TEST_TIMEOUT_MS,
  );

  it('names the URL of a remote server it cannot reach instead of starting one', async () => {
    await expect(
      provisionInfra({
        namespace: NAMESPACE,
        env: { ...env, REDIS_URL: 'redis://cache.invalid:6379' },
        dataDir,
        allowInstall: false,
        log: (line) => infraLog.push(line),
      }),
    ).rejects.toThrow(/Redis at redis:\/\/cache\.invalid:6379 is not reachable/);
  });
});

async function provision(): Promise<Awaited<ReturnType<typeof provisionInfra>>> {
  const result = await provisionInfra({
    namespace: NAMESPACE,
    env,
    dataDir,
    allowInstall: false,
    log: (line) => infraLog.push(line),
  });
  running.push(...result.started);
  return result;
}

async function stopTracked(servers: StartedServer[]): Promise<void> {
  await stopServers(servers, (line) => infraLog.push(line));
  for (const server of servers) {
    const index = running.indexOf(server);
    if (index >= 0) {
      running.splice(index, 1);
    }
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const finish = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.connect(port, '127.0.0.1');
  });
}

async function withPostgres<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function withRedis<T>(url: string, use: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await client.connect();
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

async function postgresSelectOne(url: string): Promise<number> {
  return withPostgres(
    url,
    async (client) => (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one ?? 0,
  );
}

async function redisPing(url: string): Promise<string> {
  return withRedis(url, (client) => client.ping());
}

async function jetStreamAnswers(url: string): Promise<boolean> {
  const connection = await connect({ servers: url, timeout: 2000 });
  try {
    const info = await (await connection.jetstreamManager()).getAccountInfo();
    return info.limits !== undefined;
  } finally {
    await connection.close();
  }
}

async function writeSamples(databaseUrl: string, redisUrl: string, natsUrl: string): Promise<void> {
  await withPostgres(databaseUrl, async (client) => {
    await client.query('create table if not exists kept (id int primary key, body text not null)');
    await client.query(`insert into kept values (1, 'kept in postgres') on conflict (id) do nothing`);
  });
  await withRedis(redisUrl, (client) => client.set('kept', 'kept in redis'));
  const connection = await connect({ servers: natsUrl, timeout: 2000 });
  try {
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: 'KEPT', subjects: ['kept.>'] });
    await connection.jetstream().publish('kept.one', StringCodec().encode('kept in jetstream'));
  } finally {
    await connection.close();
  }
}

async function readSamples(
  databaseUrl: string,
  redisUrl: string,
  natsUrl: string,
): Promise<{ row: string | undefined; key: string | null; message: string }> {
  const row = await withPostgres(
    databaseUrl,
    async (client) =>
      (await client.query<{ body: string }>('select body from kept where id = 1')).rows[0]?.body,
  );
  const key = await withRedis(redisUrl, (client) => client.get('kept'));
  const connection = await connect({ servers: natsUrl, timeout: 2000 });
  try {
    const stored = await (
      await connection.jetstreamManager()
    ).streams.getMessage('KEPT', {
      last_by_subj: 'kept.one',
    });
    return { row, key, message: StringCodec().decode(stored.data) };
  } finally {
    await connection.close();
  }
}

async function natsAnswersAs(url: string, user: string, pass: string | undefined): Promise<boolean> {
  try {
    const connection = await connect({ servers: url, user, pass, reconnect: false, timeout: 2_000 });
    await connection.close();
    return true;
  } catch {
    return false;
  }
}
