import { closeSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, PrivateRedisServer } from '@promptlib/platform/testing';
import { STREAM_KEEPER } from '@promptlib/proto';
import {
  apps,
  type AppSpec,
  envFor,
  natsUserEnv,
  provideStripe,
  removeNamespace,
  runMigrateSteps,
  type RunningApp,
  type RunningNginx,
  startApp,
  startNginx,
  startTestBus,
  stopApps,
  type StripeAccess,
  TEST_BUS_PASSWORDS,
  type TestBus,
  waitForReady,
} from '@promptlib/tools/testing';
import type { RunningStripeSandbox } from '@promptlib/sandboxes';

export type Replica = { app: RunningApp; label: string; port?: number };

/**
 * Two (or `replicas`) processes of every app, the gateways behind a private nginx, on a NATS and a
 * Redis of the harness's own (so it may restart them) and a database of its own on the given
 * Postgres server. The NATS has the shipped permissions, each app connecting as its own user and
 * the migrate step making the stream, as in production. Billing runs against a Stripe sandbox
 * started here.
 */
export class FailoverStack {
  readonly replicas = new Map<string, Replica[]>();
  private counter = 0;

  private constructor(
    readonly namespace: string,
    readonly databaseUrl: string,
    readonly bus: TestBus,
    readonly redis: PrivateRedisServer,
    private readonly env: NodeJS.ProcessEnv,
    private readonly stripe: StripeAccess,
    private readonly sandbox: RunningStripeSandbox | undefined,
    private readonly logFd: number,
    readonly logFile: string,
    readonly port: number,
    public nginx?: RunningNginx,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(namespace: string, serverUrl: string, replicas = 2): Promise<FailoverStack> {
    const redisBinary = PrivateRedisServer.binary();
    if (!redisBinary) throw new Error('redis-server is needed (npm start installs it)');
    const bus = await startTestBus(() => undefined);
    const redis = await PrivateRedisServer.create(redisBinary);
    await redis.start();
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${namespace}`;
    await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${namespace}"`));

    const port = await freePort();
    const logFile = join(tmpdir(), `${namespace}.log`);
    const logFd = openSync(logFile, 'a');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      APP_NAMESPACE: namespace,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      NATS_URL: bus.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'loopback',
      EVENTS_MAX_BYTES: String(32 * 1024 * 1024),
      // A few load clients from one address, each its own user: only abuse limits would refuse them.
      RATE_LIMIT_WRITES_PER_USER: '100000/1m',
      RATE_LIMIT_SHARED_READS_PER_CLIENT: '100000000/1m',
      RATE_LIMIT_REGISTER_PER_CLIENT: '100000/1m',
      RATE_LIMIT_LOGIN_PER_CLIENT: '100000/1m',
      // A stopping process leaves the balancer's rotation first, as in production.
      SHUTDOWN_DELAY_MS: '1000',
    };
    delete env.NATS_USER;
    delete env.NATS_PASSWORD;
    // The run's own bus's passwords are not this one's.
    delete env[TEST_BUS_PASSWORDS];
    await runMigrateSteps({ ...env, ...natsUserEnv(STREAM_KEEPER, bus.passwords) });
    const stripe = await provideStripe({ NODE_ENV: 'test' }, `http://127.0.0.1:${port}`);
    const stack = new FailoverStack(
      namespace,
      databaseUrl.toString(),
      bus,
      redis,
      env,
      stripe.access,
      stripe.sandbox,
      logFd,
      logFile,
      port,
    );
    for (const spec of apps) {
      for (let index = 0; index < replicas; index += 1) await stack.startReplica(spec.name);
    }
    stack.nginx = await startNginx(port, stack.gatewayPorts(), () => undefined);
    return stack;
  }

  /** One more process of the app (a gateway on a port of its own, added to nginx's upstreams). */
  async startReplica(name: string): Promise<Replica> {
    const spec = apps.find((app) => app.name === name) as AppSpec;
    this.counter += 1;
    const port = name === 'gateway' ? await freePort() : undefined;
    const label = `${name}#${this.counter}`;
    const env = {
      ...envFor(spec, this.env, this.stripe),
      ...natsUserEnv(name, this.bus.passwords),
      ...(port ? { PORT: String(port) } : {}),
    };
    const app = await startApp(spec, env, { logFd: this.logFd, label });
    await waitForReady(app);
    const replica = { app, label, port };
    this.replicas.set(name, [...(this.replicas.get(name) ?? []), replica]);
    if (port && this.nginx) await this.nginx.setUpstreams(this.gatewayPorts());
    return replica;
  }

  /**
   * Stops a replica as Kubernetes would: a gateway leaves the Service's endpoints first (nginx's
   * upstreams, reloaded), then SIGTERM, and the process drains and exits by itself.
   */
  async stopGracefully(replica: Replica): Promise<number | null> {
    this.forget(replica);
    if (replica.port && this.nginx) await this.nginx.setUpstreams(this.gatewayPorts());
    replica.app.child.kill('SIGTERM');
    return replica.app.exited;
  }

  /** A replica lost at once (SIGKILL): a crash, an evicted node. */
  async kill(replica: Replica): Promise<void> {
    this.forget(replica);
    replica.app.child.kill('SIGKILL');
    await replica.app.exited;
    if (replica.port && this.nginx) await this.nginx.setUpstreams(this.gatewayPorts());
  }

  first(name: string): Replica {
    const [replica] = this.replicas.get(name) ?? [];
    if (!replica) throw new Error(`no ${name} replica runs`);
    return replica;
  }

  async query<T extends Record<string, unknown>>(sql: string): Promise<T[]> {
    return withClient(this.databaseUrl, async (client) => (await client.query<T>(sql)).rows);
  }

  async stop(): Promise<void> {
    await this.nginx?.stop();
    await stopApps([...this.replicas.values()].flat().map((replica) => replica.app));
    await this.sandbox?.close();
    closeSync(this.logFd);
    await removeNamespace(this.namespace, {
      databaseUrl: this.databaseUrl,
      redisUrl: this.redis.url,
      natsUrl: this.bus.url,
    });
    await this.bus.remove();
    await this.redis.remove();
    rmSync(this.logFile, { force: true });
  }

  private gatewayPorts(): number[] {
    return (this.replicas.get('gateway') ?? []).flatMap((replica) => (replica.port ? [replica.port] : []));
  }

  private forget(replica: Replica): void {
    for (const [name, list] of this.replicas)
      this.replicas.set(
        name,
        list.filter((item) => item !== replica),
      );
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
