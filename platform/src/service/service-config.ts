import { redisProcesses, serviceNames } from '@promptlib/proto';
import type { z } from 'zod';
import { serviceDatabaseUrlVariable } from '../database/database-logins';
import { processRedisUrlVariable } from '../redis/redis-users';
import { loadConfig, type Env } from '../config/load-config';
import {
  databaseDevDefaults,
  databaseEnvShape,
  databaseUrl,
  eventsStreamEnvShape,
  redisUrl,
  processDevDefaults,
  processEnvShape,
} from '../config/process-env';

/** Variables every service reads; a service spreads this into its own shape and adds its own. */
export function serviceEnvShape(defaultHealthPort: number) {
  return { ...processEnvShape(defaultHealthPort), ...databaseEnvShape, ...eventsStreamEnvShape };
}

export const serviceDevDefaults = { ...processDevDefaults, ...databaseDevDefaults };

export type ServiceProcessConfig = z.output<z.ZodObject<ReturnType<typeof serviceEnvShape>>>;

// Everything of a process's own variables but its health port and shutdown timing: it serves nothing.
const {
  HEALTH_PORT: _port,
  SHUTDOWN_GRACE_MS: _grace,
  SHUTDOWN_DELAY_MS: _delay,
  ...migrationProcessShape
} = processEnvShape(0);

// The address each service's processes sign in with: the migrate step grants that login its schema.
const serviceLoginShape = Object.fromEntries(
  serviceNames.map((service) => [serviceDatabaseUrlVariable(service), databaseUrl.optional()]),
) as Record<ReturnType<typeof serviceDatabaseUrlVariable>, z.ZodOptional<typeof databaseUrl>>;

// The Redis address each process that uses Redis signs in with: the migrate step makes its user.
const redisUserShape = Object.fromEntries(
  redisProcesses.map((process) => [processRedisUrlVariable(process), redisUrl.optional()]),
) as Record<ReturnType<typeof processRedisUrlVariable>, z.ZodOptional<typeof redisUrl>>;

/**
 * What a migration job reads: the database as the schemas' owner, each service's login and
 * optionally a login that may create them; optionally a Redis user that may make each process's
 * own Redis user, and their addresses; NATS (as the events stream's keeper, which it sets up)
 * and where to log; nothing of Redis or a service's own settings (billing's Stripe keys, say),
 * which a pre-upgrade job has no need to be given.
 */
export const migrationConfigSpec = {
  shape: {
    ...migrationProcessShape,
    ...databaseEnvShape,
    DATABASE_ADMIN_URL: databaseUrl.optional(),
    ...serviceLoginShape,
    REDIS_ADMIN_URL: redisUrl.optional(),
    ...redisUserShape,
    ...eventsStreamEnvShape,
  },
  devDefaults: { ...databaseDevDefaults, NATS_URL: processDevDefaults.NATS_URL },
};

export function loadMigrationConfig(env: Env) {
  return loadConfig(migrationConfigSpec.shape, migrationConfigSpec.devDefaults, env);
}

export type MigrationConfig = ReturnType<typeof loadMigrationConfig>;
