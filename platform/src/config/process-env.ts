import { DEFAULT_NAMESPACE, NAMESPACE_PATTERN } from '@promptlib/proto';
import { z } from 'zod';
import type { DevDefault } from './load-config';

export const port = z.coerce.number().int().min(0).max(65_535);

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

/** Variables every backend process reads. Each app adds its own and picks its HEALTH_PORT default. */
export function processEnvShape(defaultHealthPort: number) {
  return {
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    APP_NAMESPACE: z
      .string()
      .regex(NAMESPACE_PATTERN, 'must be lowercase letters, digits and _ (starting with a letter)')
      .default(DEFAULT_NAMESPACE),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HEALTH_PORT: port.default(defaultHealthPort),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    NATS_URL: z.string().min(1),
    REDIS_URL: url(['redis:', 'rediss:']),
  };
}

export const processDevDefaults = {
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
} satisfies Record<string, DevDefault>;

/** Postgres for services: the namespace names the database when DATABASE_URL is not given. */
export const databaseEnvShape = { DATABASE_URL: url(['postgres:', 'postgresql:']) };

export const databaseDevDefaults = {
  DATABASE_URL: (env) => `postgres://postgres@127.0.0.1:5432/${env.APP_NAMESPACE ?? DEFAULT_NAMESPACE}`,
} satisfies Record<string, DevDefault>;
