import type { INestMicroservice } from '@nestjs/common';
import Redis from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import { removeEventStreams } from './event-streams';
import { Client, type QueryResultRow } from 'pg';
import { ServiceClient, createLogger, type HealthServer } from '@promptlib/platform';
import {
  createServiceApp,
  startServiceHealth,
  type ServiceDefinition,
  type ServiceProcessConfig,
} from '@promptlib/platform/service';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A service as it defines itself (its migrations run with its module), and where to run it. */
export type ServiceTestbedOptions<C extends ServiceProcessConfig> = Pick<
  ServiceDefinition<C>,
  'service' | 'loadConfig' | 'module'
> & {
  /** Appended to the run's namespace, so each test file has a database and stream of its own. */
  suffix: string;
  /** Also serve the health port (liveness, readiness, /metrics) on a free port. */
  health?: boolean;
  /** More environment for the service's config (a Stripe key and address, say). */
  env?: Record<string, string>;
};

export type ServiceTestbed<C extends ServiceProcessConfig> = {
  namespace: string;
  config: C;
  app: INestMicroservice;
  nats: NatsConnection;
  /** The health port's address, when the testbed was asked for one. */
  healthUrl: string | undefined;
  /** Calls the service the way the gateway does. */
  client: ServiceClient;
  /** One statement on the service's own database. */
  query: <R extends QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** Stops the service and removes the database, the events stream and the Redis keys it made. */
  close: () => Promise<void>;
};

/**
 * One service in this process, on a fresh database and namespace of its own, for the service's
 * integration tests in `test/`. Only test code imports this file, through `@promptlib/platform/testing`.
 */
/** The events stream's byte limit in a test's namespace (32 MiB). */
export const TEST_EVENTS_MAX_BYTES = 32 * 1024 * 1024;

export async function startServiceTestbed<C extends ServiceProcessConfig>(
  options: ServiceTestbedOptions<C>,
): Promise<ServiceTestbed<C>> {
  const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_${options.suffix}`;
  const server = process.env.DATABASE_URL ?? LOCAL_SERVER;
  const onServer = (database: string) =>
    Object.assign(new URL(server), { pathname: `/${database}` }).toString();
  const dropDatabase = `DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`;

  await runOnce(onServer('postgres'), dropDatabase);
  await runOnce(onServer('postgres'), `CREATE DATABASE "${namespace}"`);
  const config = options.loadConfig({
    NODE_ENV: 'test',
    APP_NAMESPACE: namespace,
    DATABASE_URL: onServer(namespace),
    NATS_URL: process.env.NATS_URL,
    REDIS_URL: process.env.REDIS_URL,
    // NATS sets each stream's byte limit aside on disk: test namespaces ask for little.
    EVENTS_MAX_BYTES: String(TEST_EVENTS_MAX_BYTES),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const logger = createLogger(`${options.service}-test`, 'silent');
  const app = await createServiceApp(options.service, options.module(config, logger), config, logger);
  const nats = await connect({ servers: config.NATS_URL.split(',') });
  const health: HealthServer | undefined = options.health ? await startServiceHealth(app, 0) : undefined;

  return {
    namespace,
    config,
    app,
    nats,
    healthUrl: health ? `http://127.0.0.1:${health.port}` : undefined,
    client: new ServiceClient(nats, namespace),
    query: (sql, params) => runOnce(config.DATABASE_URL, sql, params),
    close: async () => {
      await health?.close();
      await app.close();
      await removeEventStreams(nats, namespace);
      await nats.close();
      await runOnce(onServer('postgres'), dropDatabase);
      // Only the services that keep something in Redis (sharing, billing) are given its address.
      const { REDIS_URL: redisUrl } = config as Partial<Record<'REDIS_URL', string>>;
      if (redisUrl) await removeRedisKeys(redisUrl, namespace);
    },
  };
}

/** Every key of the namespace (caches, queues, counters), which outlive the service otherwise. */
async function removeRedisKeys(url: string, namespace: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function runOnce<R extends QueryResultRow>(url: string, sql: string, params?: unknown[]): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A payload of the wrong shape, typed as whatever the call expects: for tests that prove a handler
 * refuses what the contract's types would never let a caller send.
 */
export function malformed<T>(value: unknown): T {
  return value as T;
}
