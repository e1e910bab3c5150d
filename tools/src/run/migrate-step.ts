import { processRedisUrlVariable } from '@promptlib/platform';
import { serviceDatabaseUrlVariable } from '@promptlib/platform/service';
import { redisProcesses, serviceNames, type RedisProcess, type ServiceName } from '@promptlib/proto';
import Redis from 'ioredis';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { repoRoot } from './exec';

const run = promisify(execFile);

/** `url` signed in as `user`, with a fresh password (the migrate step sets it). */
function addressAs(url: string, user: string): string {
  const address = new URL(url);
  address.username = user;
  address.password = randomBytes(18).toString('base64url');
  return address.toString();
}

/** Each service's address under its own login, and the migrate step's variables that make them. */
export type DatabaseLogins = {
  serviceUrls: Record<ServiceName, string>;
  migrateEnv: Record<string, string>;
};

/**
 * The logins `npm start` runs the services under, as a deployment does: one that owns the
 * schemas and migrates them, and one per service that may only use its own schema's rows. Named
 * after the namespace, with fresh passwords each start (the migrate step sets them). Undefined
 * when DATABASE_URL's login may not create logins (a managed database's ordinary user, say):
 * every process then signs in with it, as before.
 */
export async function databaseLoginsFor(
  adminUrl: string,
  namespace: string,
): Promise<DatabaseLogins | undefined> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ may: boolean }>(
      'SELECT rolsuper OR rolcreaterole AS may FROM pg_roles WHERE rolname = current_user',
    );
    if (!rows[0]?.may) return undefined;
  } finally {
    await client.end();
  }
  const urlAs = (login: string) => addressAs(adminUrl, login);
  const serviceUrls = Object.fromEntries(
    serviceNames.map((service) => [service, urlAs(`${namespace}_${service}`)]),
  ) as Record<ServiceName, string>;
  return {
    serviceUrls,
    migrateEnv: {
      DATABASE_ADMIN_URL: adminUrl,
      DATABASE_URL: urlAs(`${namespace}_migrate`),
      ...Object.fromEntries(
        serviceNames.map((service) => [serviceDatabaseUrlVariable(service), serviceUrls[service]]),
      ),
    },
  };
}

/** Each Redis-using process's address as its own Redis user, and the migrate step's variables that make them. */
export type RedisUsers = {
  processUrls: Record<RedisProcess, string>;
  migrateEnv: Record<string, string>;
};

/**
 * The Redis users `npm start` runs the gateway, sharing and billing as, each limited to its own
 * keys, as a deployment does: named after the namespace, with fresh passwords each start (the
 * migrate step sets them). Undefined when REDIS_URL's user may not manage users: every process
 * then signs in with it, as before.
 */
export async function redisUsersFor(adminUrl: string, namespace: string): Promise<RedisUsers | undefined> {
  const admin = new Redis(adminUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  try {
    await admin.connect();
    const user = String(await admin.call('ACL', 'WHOAMI'));
    // Asks whether this user may make users, without making one (Redis 7).
    await admin.call('ACL', 'DRYRUN', user, 'ACL', 'SETUSER', 'x');
  } catch {
    return undefined;
  } finally {
    admin.disconnect();
  }
  const processUrls = Object.fromEntries(
    redisProcesses.map((process) => [process, addressAs(adminUrl, `${namespace}_${process}`)]),
  ) as Record<RedisProcess, string>;
  return {
    processUrls,
    migrateEnv: {
      REDIS_ADMIN_URL: adminUrl,
      ...Object.fromEntries(
        redisProcesses.map((process) => [processRedisUrlVariable(process), processUrls[process]]),
      ),
    },
  };
}

/**
 * Runs every service's migrate step (`npm run migrate`), as a deployment's job does before the
 * apps start: the schemas, the services' logins and the events stream. Throws with the step's
 * own words when one fails.
 */
export async function runMigrateSteps(env: NodeJS.ProcessEnv): Promise<void> {
  for (const service of serviceNames) {
    try {
      await run(process.execPath, [join(repoRoot, 'services', service, 'dist', 'migrate.js')], {
        cwd: repoRoot,
        env,
      });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`The ${service} migrate step failed: ${(stderr || message).trim()}`);
    }
  }
}
