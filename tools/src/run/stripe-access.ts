import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultDataDir } from '../infra/data-dir';
import { startStripeSandbox, type RunningStripeSandbox } from '@promptlib/sandboxes';
import type { AppSpec } from './apps';

/** What an app that talks to Stripe is given, and no other app is. */
export type StripeAccess = {
  STRIPE_SECRET_KEY: string;
  STRIPE_API_URL: string;
  STRIPE_WEBHOOK_SECRET: string;
};

const STRIPE_ONLY = ['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET'] as const;
const STRIPE_API = 'https://api.stripe.com';

/**
 * Stripe for `npm start`: the real one when STRIPE_SECRET_KEY is set (its webhook secret from
 * STRIPE_WEBHOOK_SECRET), else the sandbox, started here with fresh keys, sending its webhooks to
 * the gateway, keeping its objects in `stateFile` when given; on STRIPE_SANDBOX_PORT (else a free
 * port), its checkout page at STRIPE_SANDBOX_PUBLIC_URL (else its own address). Never the sandbox
 * in production.
 */
export async function provideStripe(
  env: NodeJS.ProcessEnv,
  gatewayUrl: string,
  stateFile?: string,
): Promise<{ access: StripeAccess; sandbox?: RunningStripeSandbox }> {
  if (env.STRIPE_SECRET_KEY) {
    return {
      access: {
        STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
        STRIPE_API_URL: env.STRIPE_API_URL ?? STRIPE_API,
        STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? '',
      },
    };
  }
  if (env.NODE_ENV === 'production') {
    throw new Error('STRIPE_SECRET_KEY is required in production: the Stripe sandbox never runs there.');
  }
  const access = {
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(18).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(18).toString('hex')}`,
  };
  const sandbox = await startStripeSandbox({
    secretKey: access.STRIPE_SECRET_KEY,
    port: env.STRIPE_SANDBOX_PORT ? Number(env.STRIPE_SANDBOX_PORT) : 0,
    publicUrl: env.STRIPE_SANDBOX_PUBLIC_URL || undefined,
    webhooks: { endpoint: `${gatewayUrl}/api/webhooks/stripe`, secret: access.STRIPE_WEBHOOK_SECRET },
    stateFile,
  });
  return { access: { ...access, STRIPE_API_URL: sandbox.url }, sandbox };
}

/** The environment of one app: the shared one, with Stripe's key, address and secret only for an app that talks to Stripe. */
export function envFor(spec: AppSpec, shared: NodeJS.ProcessEnv, stripe: StripeAccess): NodeJS.ProcessEnv {
  const env = { ...shared };
  for (const name of STRIPE_ONLY) delete env[name];
  return spec.stripe ? { ...env, ...stripe } : env;
}

/** Where `npm start` keeps the sandbox's objects: beside the data of the servers it starts, one file per namespace. */
export async function sandboxStateFile(namespace: string): Promise<string> {
  const dir = dataDir();
  await mkdir(dir, { recursive: true });
  return join(dir, `${STATE_FILE_PREFIX}${namespace}.json`);
}

/** Removes the state files of a namespace and of those under it (a test run's). */
export async function removeSandboxStateFiles(namespace: string): Promise<void> {
  const dir = dataDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const prefix = `${STATE_FILE_PREFIX}${namespace}`;
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
      .map((name) => rm(join(dir, name), { force: true })),
  );
}

const STATE_FILE_PREFIX = 'stripe-sandbox-';

function dataDir(): string {
  return defaultDataDir({
    uid: typeof process.getuid === 'function' ? process.getuid() : null,
    env: process.env,
    homedir: homedir(),
  });
}
