import { migrations as authMigrations } from '@promptlib/auth/migrations';
import { migrations as billingMigrations } from '@promptlib/billing/migrations';
import { migrations as libraryMigrations } from '@promptlib/library/migrations';
import { createLogger } from '@promptlib/platform';
import { loadMigrationConfig, migrateOnly } from '@promptlib/platform/service';
import { isRedisProcess, isServiceName, serviceNames, STREAM_KEEPER } from '@promptlib/proto';
import { migrations as sharingMigrations } from '@promptlib/sharing/migrations';
import {
  databaseLoginsFor,
  redisUsersFor,
  testBusUserEnv,
  type DatabaseLogins,
  type RedisUsers,
} from '@promptlib/tools/testing';

const migrationsOf = {
  auth: authMigrations,
  library: libraryMigrations,
  sharing: sharingMigrations,
  billing: billingMigrations,
};

/**
 * How a stack's processes reach the stores and the bus: each as itself, as a deployment runs them
 * (on the bus when the test run gave its users' passwords, as npm test does).
 */
export type StoreAccess = {
  logins: DatabaseLogins;
  redisUsers: RedisUsers;
  /** What the migrate step is given to make the logins and users (with NATS added by the caller). */
  migrateEnv: Record<string, string>;
  /** The addresses an app signs in to Postgres and Redis with, and its NATS user. */
  envOf: (app: string) => Record<string, string>;
};

/**
 * Runs the migrate step for a stack's namespace, in this process (a process per service would
 * cost each stack seconds): every schema as its owner, each service's database login and each
 * Redis user made, so every test runs the product under the permissions production has.
 */
export async function prepareStoreAccess(env: Record<string, string>): Promise<StoreAccess> {
  const [logins, redisUsers] = await Promise.all([
    databaseLoginsFor(env.DATABASE_URL, env.APP_NAMESPACE),
    redisUsersFor(env.REDIS_URL, env.APP_NAMESPACE),
  ]);
  if (!logins || !redisUsers) {
    throw new Error(
      'The tests need a Postgres login that may create logins and a Redis user that may make users',
    );
  }
  const migrateEnv = { ...logins.migrateEnv, ...redisUsers.migrateEnv };
  // The stream is made by the one NATS user that may, as a deployment's migrate step does.
  const config = loadMigrationConfig({ ...env, ...migrateEnv, ...testBusUserEnv(STREAM_KEEPER) });
  const logger = createLogger('migrate', 'warn');
  // One after another: each makes the schemas' owner, which two at once would race to create.
  for (const service of serviceNames) await migrateOnly(service, config, logger, migrationsOf[service]);
  return {
    logins,
    redisUsers,
    migrateEnv,
    envOf: (app) => ({
      ...(isServiceName(app) ? { DATABASE_URL: logins.serviceUrls[app] } : {}),
      ...(isRedisProcess(app) ? { REDIS_URL: redisUsers.processUrls[app] } : {}),
      ...testBusUserEnv(app),
    }),
  };
}
