import { freePorts } from '@promptlib/platform/testing';
import { isRedisProcess, isServiceName, STREAM_KEEPER } from '@promptlib/proto';
import { provisionInfra, stopServers, type ProvisionedInfra } from '../infra/bootstrap';
import { startNginx, type RunningNginx } from '../infra/nginx';
import { localNamespace } from '../infra/urls';
import { apps, natsUserEnv, startWaves, type AppSpec } from './apps';
import { provideGoogle } from './google-access';
import { databaseLoginsFor, redisUsersFor, runMigrateSteps } from './migrate-step';
import { replicasOf } from './replicas';
import { envFor, provideStripe, sandboxStateFile } from './stripe-access';
import { startApp, stopApps, waitForReady, type RunningApp } from './supervisor';

/**
 * `npm start` after install and build: provisions Postgres, Redis and NATS, starts every app, and
 * on Ctrl-C stops the apps and then exactly the servers it started itself. With `--replicas N`
 * (N > 1) every app runs N times, the gateways on ports of their own behind a private nginx on
 * PORT, as a Kubernetes Service would put them.
 */
export async function startAll(args: string[] = []): Promise<void> {
  const namespace = localNamespace();
  let infra: ProvisionedInfra | undefined;
  let closeStripe: (() => Promise<void>) | undefined;
  let closeGoogle: (() => Promise<void>) | undefined;
  let nginx: RunningNginx | undefined;
  const running: RunningApp[] = [];
  let stopping: Promise<void> | undefined;

  const stop = (code: number) => {
    stopping ??= (async () => {
      console.log('\nStopping Prompt Library…');
      await nginx?.stop();
      await stopApps(running);
      await closeStripe?.();
      await closeGoogle?.();
      if (infra) await stopServers(infra.started);
      process.exit(code);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    const replicas = replicasOf(args);
    // Before anything starts: GOOGLE_SANDBOX=1 in production is refused here.
    const google = await provideGoogle(process.env);
    closeGoogle = google.sandbox?.close;
    if (google.sandbox) {
      console.log(
        `Google sign-in sandbox (GOOGLE_SANDBOX=1) at ${google.sandbox.url}, client id ${google.access?.GOOGLE_CLIENT_ID}`,
      );
    }
    infra = await provisionInfra({ namespace, env: process.env });
    const port = Number(process.env.PORT ?? 8080);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_NAMESPACE: namespace,
      DATABASE_URL: infra.databaseUrl,
      REDIS_URL: infra.redisUrl,
      NATS_URL: infra.natsUrl,
      ...google.access,
    };
    const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
    const stripe = await provideStripe(
      process.env,
      `http://127.0.0.1:${port}`,
      process.env.STRIPE_SECRET_KEY ? undefined : await sandboxStateFile(namespace),
    );
    closeStripe = stripe.sandbox?.close;
    if (stripe.sandbox) console.log(`Stripe sandbox (no STRIPE_SECRET_KEY set) at ${stripe.sandbox.url}`);

    // The migrate step first, as a deployment runs it: the schemas as their owner, each service's
    // login, and the events stream as the one NATS user that may make it.
    const logins = await databaseLoginsFor(infra.databaseUrl, namespace);
    if (!logins) {
      console.log('DATABASE_URL’s login may not create logins: every service signs in with it.');
    }
    const redisUsers = await redisUsersFor(infra.redisUrl, namespace);
    if (!redisUsers) {
      console.log('REDIS_URL’s user may not make users: every process that uses Redis signs in with it.');
    }
    await runMigrateSteps({
      ...env,
      LOG_LEVEL: 'warn',
      ...logins?.migrateEnv,
      ...redisUsers?.migrateEnv,
      ...natsUserEnv(STREAM_KEEPER, infra.natsPasswords),
    });
    const storesOf = (name: string) => ({
      ...(logins && isServiceName(name) ? { DATABASE_URL: logins.serviceUrls[name] } : {}),
      ...(redisUsers && isRedisProcess(name) ? { REDIS_URL: redisUsers.processUrls[name] } : {}),
    });

    // One gateway listens on PORT itself; replicas listen on ports of their own behind nginx,
    // which is the only proxy whose X-Forwarded-For they believe.
    const gatewayPorts = replicas === 1 ? [port] : await freePorts(replicas);
    const { natsPasswords } = infra;
    const startReplica = async (spec: AppSpec, replica: number) => {
      const replicaEnv: NodeJS.ProcessEnv =
        spec.name === 'gateway'
          ? {
              PORT: String(gatewayPorts[replica]),
              ...(replicas > 1 ? { TRUST_PROXY: process.env.TRUST_PROXY || 'loopback' } : {}),
            }
          : {};
      const app = await startApp(
        spec,
        {
          ...envFor(spec, env, stripe.access),
          ...natsUserEnv(spec.name, natsPasswords),
          ...storesOf(spec.name),
          ...replicaEnv,
        },
        { label: replicas === 1 ? spec.name : `${spec.name}#${replica + 1}` },
      );
      running.push(app);
      void app.exited.then((code) => {
        if (stopping) return;
        console.error(`${spec.name} stopped unexpectedly (exit ${code}); stopping everything.`);
        void stop(1);
      });
      await waitForReady(app);
    };
    // The services side by side, then the gateways: a service waits on Postgres, NATS and Redis,
    // not on another service, and the gateway finds them answering. One after another, the five
    // apps took most of npm start's own time (its smoke test 10.4–13.2 s).
    for (const wave of startWaves(apps)) {
      await Promise.all(
        wave.flatMap((spec) => Array.from({ length: replicas }, (_, replica) => startReplica(spec, replica))),
      );
    }
    if (replicas > 1) {
      nginx = await startNginx(port, gatewayPorts, (line) => console.log(`[nginx] ${line}`));
      console.log(
        `\n  ${replicas} replicas of every app; nginx on port ${port} sends to the gateways on ${gatewayPorts.join(', ')}`,
      );
    }
    console.log(`\n  Prompt Library is running at ${url}\n  Press Ctrl-C to stop.\n`);
  } catch (error) {
    // Ctrl-C during start-up makes the apps exit; that is not a failure to report.
    if (stopping) return;
    console.error(`\n✖ ${(error as Error).message}`);
    await stop(1);
  }
}
