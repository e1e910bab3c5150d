import {
  DEFAULT_EVENTS_MAX_BYTES,
  DEFAULT_NAMESPACE,
  EVENTS_MAX_MESSAGE_BYTES,
  NAMESPACE_PATTERN,
} from '@promptlib/proto';
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
    // Unset means: 5 s in production (a load balancer's health checks notice), none elsewhere.
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    NATS_URL: z.string().min(1),
    // Who this process is to NATS: each process its own user, with only the permissions it needs.
    NATS_USER: z.string().min(1).optional(),
    NATS_PASSWORD: z.string().min(1).optional(),
    // A .creds file (a user JWT and its key) instead of a user and password.
    NATS_CREDS_FILE: z.string().min(1).optional(),
    // The CA that signed the NATS server's certificate: TLS to NATS is required when it is set.
    NATS_TLS_CA: z.string().min(1).optional(),
    // Where traces go over OTLP/HTTP (a collector, Jaeger, Tempo…); none are recorded when unset.
    OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']).optional(),
  };
}

export const processDevDefaults = {
  NATS_URL: 'nats://127.0.0.1:4222',
} satisfies Record<string, DevDefault>;

/**
 * Redis, for the processes that use it (the gateway's sessions and limits, sharing's read cache
 * and view counts, billing's queues) and no other: auth and library are given no address of it.
 */
export const redisUrl = url(['redis:', 'rediss:']);

export const redisEnvShape = { REDIS_URL: redisUrl };

export const redisDevDefaults = {
  REDIS_URL: 'redis://127.0.0.1:6379',
} satisfies Record<string, DevDefault>;

/** Postgres for services: the namespace names the database when DATABASE_URL is not given. */
export const databaseUrl = url(['postgres:', 'postgresql:']);

export const databaseEnvShape = { DATABASE_URL: databaseUrl };

export const databaseDevDefaults = {
  DATABASE_URL: (env) => `postgres://postgres@127.0.0.1:5432/${env.APP_NAMESPACE ?? DEFAULT_NAMESPACE}`,
} satisfies Record<string, DevDefault>;

/**
 * The events stream's byte limit, for services: they publish the events and ensure the stream at
 * boot, the gateway does neither. A stream must hold a few events of the largest size.
 */
export const eventsStreamEnvShape = {
  EVENTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(4 * EVENTS_MAX_MESSAGE_BYTES)
    .max(Number.MAX_SAFE_INTEGER)
    .default(DEFAULT_EVENTS_MAX_BYTES),
};

/**
 * How long a stopping process stays up unready before it drains: long enough for a load balancer
 * (a Kubernetes Service, a cloud balancer) to see it unready and stop sending it requests.
 */
export function shutdownDelayMs(config: { NODE_ENV: string; SHUTDOWN_DELAY_MS?: number }): number {
  return config.SHUTDOWN_DELAY_MS ?? (config.NODE_ENV === 'production' ? 5_000 : 0);
}
