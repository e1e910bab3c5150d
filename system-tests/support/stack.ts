import Redis from 'ioredis';
import { connect } from 'nats';
import { Client } from 'pg';
import { freePort, removeEventStreams } from '@promptlib/platform/testing';
import { redisProcesses, serviceNames } from '@promptlib/proto';
import { startStripeSandbox, type RunningStripeSandbox } from '@promptlib/sandboxes';
import { startApp, type AppProcess } from './processes';
import { prepareStoreAccess, type StoreAccess } from './store-access';

export type Stack = {
  namespace: string;
  /** The stack's servers, as their administrator: what tests use to look into the stores directly. */
  env: Record<string, string>;
  /** Each process's own database login and Redis user, made by the migrate step. */
  access: StoreAccess;
  gateways: Gateway[];
  /** Each service's process by name (the first, while it runs, when a test adds replicas). */
  services: Record<string, AppProcess>;
  startGateway: (env?: Record<string, string>) => Promise<Gateway>;
  /**
   * Starts one more process of the service (a replica, when one runs already), with `env` on top
   * of the stack's. billing gets the stack's Stripe sandbox, started for it if need be.
   */
  startService: (name: ServiceDir, env?: Record<string, string>) => Promise<AppProcess>;
  /**
   * The Stripe sandbox for this stack, its webhooks sent to `webhookEndpoint`; what an app that
   * talks to Stripe is started with is in `stripeEnv`. Stopped with the stack.
   */
  startStripe: (webhookEndpoint?: string) => Promise<RunningStripeSandbox>;
  stripeEnv: Record<string, string>;
  stop: () => Promise<void>;
};

export type Gateway = AppProcess & { url: string };

/** What a test needs to reach a stack's data and bus directly: its namespace and environment. */
export type StackAddress = Pick<Stack, 'namespace' | 'env'>;
export type GatewayAddress = Pick<Gateway, 'url'>;

type ServiceDir = 'auth' | 'library' | 'sharing' | 'billing';

export type StackOptions = {
  /** Extra environment for every gateway of the stack. */
  gateway?: Record<string, string>;
  /** Extra environment for every service process of the stack. */
  services?: Record<string, string>;
};

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/**
 * One namespace (its own database, stream and keys) with the built services and gateways running
 * as real processes, shared by all tests of one file; migrated first, and each process signed in
 * to Postgres and Redis as itself, as production runs them.
 */
export async function startStack(
  suffix: string,
  services: ServiceDir[],
  options: StackOptions = {},
): Promise<Stack> {
  const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_${suffix}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${namespace}`;
  await createDatabase(namespace);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    APP_NAMESPACE: namespace,
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    // NATS sets each stream's byte limit aside on disk: test namespaces ask for little.
    EVENTS_MAX_BYTES: String(32 * 1024 * 1024),
  };
  let stripe: RunningStripeSandbox | undefined;
  const processes: AppProcess[] = [];
  let access: StoreAccess;
  try {
    access = await prepareStoreAccess(env);
  } catch (error) {
    await removeNamespace(namespace, env);
    throw error;
  }
  const stack: Stack = {
    namespace,
    env,
    access,
    gateways: [],
    services: {},
    stripeEnv: {},
    startStripe: async (webhookEndpoint) => {
      const secrets = {
        STRIPE_SECRET_KEY: `sk_test_${namespace}`,
        STRIPE_WEBHOOK_SECRET: `whsec_${namespace}`,
      };
      stripe = await startStripeSandbox({
        secretKey: secrets.STRIPE_SECRET_KEY,
        webhooks: { endpoint: webhookEndpoint, secret: secrets.STRIPE_WEBHOOK_SECRET, retryBaseMs: 500 },
      });
      stack.stripeEnv = { ...secrets, STRIPE_API_URL: stripe.url };
      return stripe;
    },
    startService: async (name, extra = {}) => {
      if (name === 'billing' && !stripe) await stack.startStripe();
      const service = await startApp(name, `services/${name}`, {
        ...env,
        ...access.envOf(name),
        ...options.services,
        ...(name === 'billing' ? stack.stripeEnv : {}),
        ...extra,
      });
      const current = stack.services[name]?.child;
      if (!current || current.exitCode !== null || current.signalCode !== null)
        stack.services[name] = service;
      processes.push(service);
      return service;
    },
    startGateway: async (extra = {}) => {
      const gateway = await startGatewayOn(gatewayEnvOf(stack), { ...options.gateway, ...extra });
      stack.gateways.push(gateway);
      return gateway;
    },
    stop: async () => {
      await Promise.all([...stack.gateways, ...processes].map((app) => app.stop()));
      await stripe?.close();
      await removeNamespace(namespace, env);
    },
  };
  // Started side by side, as a deployment starts them: each waits mostly on its own readiness.
  const started = await Promise.allSettled(services.map((service) => stack.startService(service)));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stack.stop();
    throw failure.reason;
  }
  return stack;
}

/** What every gateway of `stack` is started with: the stack's stores and the gateway's own logins. */
export function gatewayEnvOf(stack: Pick<Stack, 'env' | 'access'>): Record<string, string> {
  return {
    ...stack.env,
    ...stack.access.envOf('gateway'),
    // A test signs up and writes far more often than a person: the limits are tested on their own.
    RATE_LIMIT_LOGIN_PER_CLIENT: '1000/1m',
    RATE_LIMIT_REGISTER_PER_CLIENT: '1000/1m',
    RATE_LIMIT_WRITES_PER_USER: '10000/1m',
    RATE_LIMIT_GOOGLE_AUTH_PER_CLIENT: '10000/1m',
  };
}

/** A gateway on a free port, started with `env` and then `extra` (which may set its own PORT). */
export async function startGatewayOn(
  env: Record<string, string>,
  extra: Record<string, string>,
): Promise<Gateway> {
  const port = extra.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const app = await startApp('gateway', 'gateway', { ...env, PORT: port, PUBLIC_URL: url, ...extra });
  return { ...app, url };
}

async function createDatabase(name: string): Promise<void> {
  const admin = new Client({
    connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

async function removeNamespace(namespace: string, env: Record<string, string>): Promise<void> {
  const admin = new Client({
    connectionString: Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
    // The logins a test's migrate step made for the namespace (tools' databaseLoginsFor).
    for (const login of [...serviceNames, 'migrate']) {
      await admin.query(`DROP ROLE IF EXISTS "${namespace}_${login}"`);
    }
  } finally {
    await admin.end();
  }
  const nats = await connect({ servers: env.NATS_URL });
  await removeEventStreams(nats, namespace);
  await nats.close();
  const redis = new Redis(env.REDIS_URL);
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length > 0) await redis.del(...keys);
  // The Redis users a test's migrate step made for the namespace (tools' redisUsersFor).
  await redis.call('ACL', 'DELUSER', ...redisProcesses.map((process) => `${namespace}_${process}`));
  redis.disconnect();
}
