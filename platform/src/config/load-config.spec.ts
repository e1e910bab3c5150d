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

  it('refuses a development default given explicitly in production', () => {
    const env = {
      NODE_ENV: 'production',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URL: 'postgres://app@db/app',
      SECRET: 'dev-secret-change-me',
    };
    expect(() => loadConfig(shape, devDefaults, env)).toThrow('SECRET must not use its development default');
  });

  it('accepts a complete production environment', () => {
    const env = {
      NODE_ENV: 'production',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URL: 'postgres://app@db/app',
      SECRET: 'a-real-secret-from-the-vault',
    };
    expect(loadConfig(shape, devDefaults, env).SECRET).toBe('a-real-secret-from-the-vault');
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
