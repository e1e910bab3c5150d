import type { RegisteredUserResponse } from '@promptlib/proto';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionInfra, stopServers } from '../src/infra/bootstrap';
import { apps } from '../src/run/apps';
import { freePort } from '@promptlib/platform/testing';
import { removeNamespace } from '../src/run/namespace-cleanup';
import { envFor, provideStripe, type StripeAccess } from '../src/run/stripe-access';
import { startApp, stopApps, waitForReady, type RunningApp } from '../src/run/supervisor';

/** Undo steps, run last-added first and each at most once, whether the bench ends, fails or is interrupted. */
export class Cleanup {
  private readonly steps: { label: string; run: () => Promise<void> }[] = [];
  private running: Promise<void> | undefined;
  /** Set when the bench failed: what would help explain it (the apps' logs) is kept. */
  failed = false;

  add(label: string, run: () => Promise<void>): void {
    this.steps.push({ label, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`Cleanup: ${step.label} failed: ${(error as Error).message}`);
        }
      }
    })();
    return this.running;
  }
}

export type BenchStack = {
  namespace: string;
  gatewayUrl: string;
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
  logFile: string;
  /** Process ids of the apps by name (auth, library, sharing, gateway; billing when asked for). */
  pids: Record<string, number | undefined>;
};

/**
 * Postgres, Redis and NATS for the namespace (reusing running servers, starting missing ones),
 * then the built apps but billing (auth, library, sharing, gateway) as production runs them. A DATABASE_URL from the
 * environment lends only its server: the database is always the namespace's own, so the cleanup
 * that drops it can never drop anyone else's.
 */
export type BenchStackOptions = {
  /** Billing too, against a Stripe sandbox started here that sends its webhooks to the gateway. */
  billing?: boolean;
  /** More environment for every app (a rate limit widened for one load generator, say). */
  env?: NodeJS.ProcessEnv;
};

export async function startBenchStack(
  namespace: string,
  cleanup: Cleanup,
  options: BenchStackOptions = {},
): Promise<BenchStack> {
  const given = process.env.DATABASE_URL;
  const infra = await provisionInfra({
    namespace,
    env: { ...process.env, DATABASE_URL: given ? withDatabase(given, namespace) : undefined },
  });
  cleanup.add('stopping the servers the bench started', () => stopServers(infra.started));
  cleanup.add(`removing namespace ${namespace}`, async () => {
    for (const problem of await removeNamespace(namespace, infra)) console.error(`Cleanup: ${problem}`);
  });

  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;
  // Production's defaults (log level, compression, sessions, rate limits) in all that costs time.
  // NODE_ENV is not production only because that refuses the local servers' development URLs and
  // insists on a Secure cookie, which plain-http localhost never gets back; it changes nothing else
  // on a request's path but the HSTS header.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    APP_NAMESPACE: namespace,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    PORT: String(port),
    PUBLIC_URL: gatewayUrl,
    // The write limit is counted as always; it is only wide enough for a benchmark's one user.
    RATE_LIMIT_WRITES_PER_USER: '10000000/1m',
    ...options.env,
  };
  delete env.LOG_LEVEL;
  // Every log line goes to a file, as it would to a collector, not through this process.
  const logFile = join(tmpdir(), `${namespace}.log`);
  const logFd = openSync(logFile, 'a');
  cleanup.add('removing the log file', async () => {
    closeSync(logFd);
    if (cleanup.failed) console.error(`The apps' logs are kept in ${logFile}`);
    else rmSync(logFile, { force: true });
  });
  const running: RunningApp[] = [];
  cleanup.add('stopping the apps', () => stopApps(running));
  // Billing needs Stripe (or its sandbox) and serves none of the requests most benches measure.
  let stripe: StripeAccess | undefined;
  if (options.billing) {
    const sandbox = await provideStripe({ NODE_ENV: 'test' }, gatewayUrl);
    cleanup.add('stopping the Stripe sandbox', () => sandbox.sandbox?.close() ?? Promise.resolve());
    stripe = sandbox.access;
  }
  for (const spec of apps.filter((app) => !app.stripe || stripe)) {
    const appEnv = stripe ? envFor(spec, env, stripe) : env;
    const app = await startApp(spec, appEnv, { nodeOptions: profileOptions(), logFd });
    running.push(app);
    await waitForReady(app);
  }
  return {
    namespace,
    gatewayUrl,
    databaseUrl: infra.databaseUrl,
    redisUrl: infra.redisUrl,
    natsUrl: infra.natsUrl,
    logFile,
    pids: Object.fromEntries(running.map((app) => [app.spec.name, app.child.pid])),
  };
}

/**
 * BENCH_PROFILE=<dir> runs every app under the V8 CPU profiler; each writes a .cpuprofile there
 * when it stops, for `npm run bench:profile -- <dir>` (or Chrome DevTools) to read.
 */
function profileOptions(): string[] {
  const dir = process.env.BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type BenchUser = { id: number; categoryId: number; cookie: string };

/** A new account through the API, as the browser makes one; the session cookie comes with it. */
export async function registerUser(gatewayUrl: string, username: string): Promise<BenchUser> {
  const response = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { Origin: gatewayUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'violet-Harbor-71-kettle' }),
  });
  const body = (await response.json()) as RegisteredUserResponse;
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('promptlib.sid='))
    ?.split(';')[0];
  if (response.status !== 201 || !body.initialCategory || !cookie) {
    throw new Error(`Registration answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { id: body.user.id, categoryId: body.initialCategory.id, cookie };
}

/** Forks the bare http + pg server (with this process's loader, so it runs from TypeScript too). */
export type BenchServer = { url: string; pids: (number | undefined)[] };

export async function startBaseline(stack: BenchStack, cleanup: Cleanup): Promise<BenchServer> {
  // The client config is the gateway's to say; the baseline answers the same text.
  const clientConfig = await (await fetch(`${stack.gatewayUrl}/api/config`)).text();
  const started = await forkServer(
    'baseline server',
    'baseline-server.ts',
    [],
    { DATABASE_URL: stack.databaseUrl, BENCH_CLIENT_CONFIG: clientConfig },
    cleanup,
  );
  return { url: `http://127.0.0.1:${started.port}`, pids: [started.pid] };
}

/** The same hops as the product with no framework (floor-server.ts): its back, then its front. */
export async function startFloor(stack: BenchStack, cleanup: Cleanup): Promise<BenchServer> {
  const env = {
    BENCH_NAMESPACE: stack.namespace,
    DATABASE_URL: stack.databaseUrl,
    REDIS_URL: stack.redisUrl,
    NATS_URL: stack.natsUrl,
  };
  const back = await forkServer('floor back', 'floor-server.ts', ['back'], env, cleanup);
  const front = await forkServer('floor front', 'floor-server.ts', ['front'], env, cleanup);
  return { url: `http://127.0.0.1:${front.port}`, pids: [front.pid, back.pid] };
}

/** A bench server in a process of its own; it says it is ready (with its port, if it listens) over IPC. */
async function forkServer(
  label: string,
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cleanup: Cleanup,
): Promise<{ port?: number; pid?: number }> {
  const child: ChildProcess = fork(join(__dirname, file), args, { env: { ...process.env, ...env } });
  cleanup.add(`stopping the ${label}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port?: unknown; ready?: unknown }) => {
      if (typeof message.port === 'number') resolve({ port: message.port, pid: child.pid });
      else if (message.ready === true) resolve({ pid: child.pid });
      else reject(new Error(`The ${label} sent ${JSON.stringify(message)} instead of its port`));
    });
    child.once('exit', (code) => reject(new Error(`The ${label} exited with ${code} while starting`)));
  });
}
