import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts } from '@promptlib/platform/testing';
import { isRedisProcess, isServiceName } from '@promptlib/proto';
import {
  apps,
  databaseLoginsFor,
  natsUserEnv,
  redisUsersFor,
  type ProvisionedInfra,
} from '@promptlib/tools/testing';
import { startStripeSandbox } from '@promptlib/sandboxes';
import type { Target } from './app-images';
import type { Podman } from './podman';

const HEALTHY_WITHIN_MS = 120_000;
const STOP_WITHIN_S = 30;
// Each app must stay up this long after SIGTERM (unready, still serving) before it drains.
const SHUTDOWN_DELAY_MS = 1500;

export type AppRun = { app: string; healthySeconds: number; stopSeconds: number };

/**
 * Each app image on its own, against this machine's Postgres, Redis and NATS (host network, so
 * the URLs `npm test` uses work unchanged): the migrate image first, then every app container,
 * each until its image's HEALTHCHECK passes, then a stop that must wait SHUTDOWN_DELAY_MS and end
 * in exit code 0 (SIGTERM handled, not killed). Podman runs health checks only when asked, so
 * they are asked in a loop.
 */
export async function runEachImageAlone(
  podman: Podman,
  images: Record<Target, string>,
  infra: ProvisionedInfra,
  namespace: string,
  log: (line: string) => void,
): Promise<AppRun[]> {
  const [gatewayPort, ...healthPorts] = await freePorts(1 + apps.length);
  const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const stripe = await startStripeSandbox({
    secretKey: stripeKey,
    webhooks: { endpoint: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`, secret: webhookSecret },
  });
  const shared = {
    NODE_ENV: 'development',
    APP_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    DATABASE_URL: infra.databaseUrl,
  };
  const appShared = { ...shared, SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) };
  const prefix = `${namespace.replace(/_/g, '-')}`;
  const runs: AppRun[] = [];
  const started: string[] = [];
  try {
    // It sets up the events stream too, as the one NATS user allowed to, and makes each service's
    // own database login, which the service's container then signs in with.
    const [logins, redisUsers] = await Promise.all([
      databaseLoginsFor(infra.databaseUrl, namespace),
      redisUsersFor(infra.redisUrl, namespace),
    ]);
    const migrateEnv = {
      ...shared,
      ...logins?.migrateEnv,
      ...redisUsers?.migrateEnv,
      NATS_URL: infra.natsUrl,
      ...natsUserEnv('migrate', infra.natsPasswords),
    };
    await podman.run(['run', '--rm', '--network', 'host', ...envArgs(migrateEnv), images.migrate], {
      timeoutMs: 120_000,
    });
    log('migrate: every schema migrated, exit 0');

    for (const [index, spec] of apps.entries()) {
      const name = `${prefix}-${spec.name}`;
      const env: Record<string, string> = {
        ...appShared,
        REDIS_URL: infra.redisUrl,
        NATS_URL: infra.natsUrl,
        HEALTH_PORT: String(healthPorts[index]),
        ...natsUserEnv(spec.name, infra.natsPasswords),
        ...(logins && isServiceName(spec.name) ? { DATABASE_URL: logins.serviceUrls[spec.name] } : {}),
        ...(redisUsers && isRedisProcess(spec.name) ? { REDIS_URL: redisUsers.processUrls[spec.name] } : {}),
        ...(spec.name === 'gateway' ? { PORT: String(gatewayPort) } : {}),
        ...(spec.stripe
          ? { STRIPE_SECRET_KEY: stripeKey, STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: webhookSecret }
          : {}),
      };
      const began = Date.now();
      await podman.run([
        'run',
        '--detach',
        '--name',
        name,
        '--network',
        'host',
        ...envArgs(env),
        images[spec.name as Target],
      ]);
      started.push(name);
      await waitHealthy(podman, name);
      runs.push({ app: spec.name, healthySeconds: (Date.now() - began) / 1000, stopSeconds: 0 });
      log(`${spec.name}: healthy in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    }
    // The gateway last in, first out, as a rolling update would take them away.
    for (const run of [...runs].reverse()) {
      const name = `${prefix}-${run.app}`;
      const began = Date.now();
      await podman.run(['stop', '--time', String(STOP_WITHIN_S), name], {
        timeoutMs: (STOP_WITHIN_S + 15) * 1000,
      });
      run.stopSeconds = (Date.now() - began) / 1000;
      const exit = (await podman.run(['inspect', '--format', '{{.State.ExitCode}}', name])).trim();
      if (exit !== '0')
        throw new Error(`${run.app} exited with ${exit} on SIGTERM:\n${await logsOf(podman, name)}`);
      log(`${run.app}: stopped on SIGTERM in ${run.stopSeconds.toFixed(1)} s, exit 0`);
    }
    return runs;
  } finally {
    for (const name of started)
      await podman.run(['rm', '--force', '--time', '0', name]).catch(() => undefined);
    await stripe.close();
  }
}

/** Asks the container's own HEALTHCHECK until it passes; a container that exits fails at once. */
export async function waitHealthy(podman: Podman, name: string, withinMs = HEALTHY_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const healthy = await podman.run(['healthcheck', 'run', name]).then(
      () => true,
      () => false,
    );
    if (healthy) return;
    const state = (await podman.run(['inspect', '--format', '{{.State.Status}}', name])).trim();
    if (state === 'exited' || state === 'stopped') {
      throw new Error(`${name} exited before it was healthy:\n${await logsOf(podman, name)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${name} was not healthy within ${withinMs / 1000} s:\n${await logsOf(podman, name)}`);
    }
    await sleep(1000);
  }
}

export async function logsOf(podman: Podman, name: string): Promise<string> {
  const out = await podman
    .run(['logs', '--tail', '30', name], { combined: true })
    .catch((error: Error) => error.message);
  return out.trim();
}

function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
}
