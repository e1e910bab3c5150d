import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';
import {
  databaseDevDefaults,
  databaseEnvShape,
  processDevDefaults,
  processEnvShape,
  redisDevDefaults,
  redisEnvShape,
  shutdownDelayMs,
} from './process-env';

const shape = { ...processEnvShape(9100), ...redisEnvShape, ...databaseEnvShape, SECRET: z.string().min(8) };
const devDefaults = {
  ...processDevDefaults,
  ...redisDevDefaults,
  ...databaseDevDefaults,
  SECRET: 'dev-secret-change-me',
};

describe('loadConfig', () => {
  it('fills development defaults and derives the database from the namespace', () => {
    const config = loadConfig(shape, devDefaults, { APP_NAMESPACE: 'ns_one' });
    expect(config.NODE_ENV).toBe('development');
    expect(config.HEALTH_PORT).toBe(9100);
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/ns_one');
  });

  it('refuses production without the variables that have development defaults', () => {
    expect(() => loadConfig(shape, devDefaults, { NODE_ENV: 'production' })).toThrow(
      /NATS_URL must be set; REDIS_URL must be set; DATABASE_URL must be set; SECRET must be set/,
    );
  });

  const production = {
    NODE_ENV: 'production',
    NATS_URL: 'nats://nats:4222',
    NATS_USER: 'library',
    NATS_PASSWORD: 'nats-password',
    NATS_TLS_CA: '/etc/nats-ca/ca.crt',
    REDIS_URL: 'redis://library:redis-password@redis:6379',
    DATABASE_URL: 'postgres://app:db-password@db/app',
  };

  it('refuses a development default given explicitly in production', () => {
    const env = { ...production, SECRET: 'dev-secret-change-me' };
    expect(() => loadConfig(shape, devDefaults, env)).toThrow('SECRET must not use its development default');
  });

  it('accepts a complete production environment', () => {
    const env = { ...production, SECRET: 'a-real-secret-from-the-vault' };
    expect(loadConfig(shape, devDefaults, env).SECRET).toBe('a-real-secret-from-the-vault');
    const withCreds = { ...env, NATS_USER: undefined, NATS_PASSWORD: undefined, NATS_CREDS_FILE: '/x.creds' };
    expect(loadConfig(shape, devDefaults, withCreds).NATS_CREDS_FILE).toBe('/x.creds');
    const withCertificate = { ...env, DATABASE_URL: 'postgres://app@db/app?sslcert=/c.pem&sslkey=/k.pem' };
    expect(loadConfig(shape, devDefaults, withCertificate).DATABASE_URL).toContain('sslcert');
  });

  it('refuses production without credentials for NATS, Redis and Postgres, or without TLS to NATS', () => {
    const env = {
      ...production,
      SECRET: 'a-real-secret-from-the-vault',
      NATS_USER: undefined,
      NATS_PASSWORD: undefined,
      NATS_TLS_CA: undefined,
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URL: 'postgres://app@db/app',
    };
    const attempt = () => loadConfig(shape, devDefaults, env);
    expect(attempt).toThrow(/NATS_USER and NATS_PASSWORD \(or NATS_CREDS_FILE\) must be set/);
    expect(attempt).toThrow(/NATS_TLS_CA must be set: production reaches NATS over TLS only/);
    expect(attempt).toThrow(/REDIS_URL must carry the password/);
    expect(attempt).toThrow(/DATABASE_URL must carry a password/);
    // Outside production a developer's servers need none of it.
    expect(loadConfig(shape, devDefaults, { ...env, NODE_ENV: 'development' }).REDIS_URL).toBe(
      'redis://redis:6379',
    );
  });

  it("refuses a migrate step's admin or service address without a password in production", () => {
    const migrationShape = {
      ...shape,
      DATABASE_ADMIN_URL: z.string().optional(),
      DATABASE_AUTH_URL: z.string().optional(),
    };
    const env = {
      ...production,
      SECRET: 'a-real-secret-from-the-vault',
      DATABASE_ADMIN_URL: 'postgres://admin@db/app',
      DATABASE_AUTH_URL: 'postgres://auth@db/app',
    };
    const attempt = () => loadConfig(migrationShape, devDefaults, env);
    expect(attempt).toThrow(/DATABASE_ADMIN_URL must carry a password/);
    expect(attempt).toThrow(/DATABASE_AUTH_URL must carry a password/);
    expect(attempt).not.toThrow(/DATABASE_URL must carry/);
  });

  it("refuses a REDIS_URL that signs in as Redis's default user in production", () => {
    const env = { ...production, SECRET: 'a-real-secret-from-the-vault' };
    for (const REDIS_URL of [
      'redis://:redis-password@redis:6379',
      'redis://default:redis-password@redis:6379',
    ]) {
      expect(() => loadConfig(shape, devDefaults, { ...env, REDIS_URL })).toThrow(
        /REDIS_URL must name the process’s own Redis user/,
      );
    }
  });

  it('names every invalid variable', () => {
    const attempt = () =>
      loadConfig(shape, devDefaults, {
        APP_NAMESPACE: 'Bad-Name',
        REDIS_URL: 'http://x',
        HEALTH_PORT: 'abc',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/APP_NAMESPACE: .*HEALTH_PORT: .*REDIS_URL: must be a redis: or rediss: URL/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig(shape, devDefaults, { NATS_URL: '' }).NATS_URL).toBe('nats://127.0.0.1:4222');
  });
});

describe('the shutdown delay', () => {
  it('is 5 s in production and none elsewhere unless SHUTDOWN_DELAY_MS says otherwise', () => {
    expect(shutdownDelayMs({ NODE_ENV: 'production' })).toBe(5_000);
    expect(shutdownDelayMs({ NODE_ENV: 'development' })).toBe(0);
    expect(shutdownDelayMs({ NODE_ENV: 'production', SHUTDOWN_DELAY_MS: 0 })).toBe(0);
    expect(shutdownDelayMs({ NODE_ENV: 'test', SHUTDOWN_DELAY_MS: 1_500 })).toBe(1_500);
  });
});
