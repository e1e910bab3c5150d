import { describe, expect, it } from 'vitest';
import { GOOGLE_ISSUER, GOOGLE_JWKS_URL, loadAuthConfig } from './auth-config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://auth:db-password@db:5432/promptlib',
  NATS_URL: 'nats://nats:4222',
  NATS_USER: 'auth',
  NATS_PASSWORD: 'nats-password',
  NATS_TLS_CA: '/etc/nats-ca/ca.crt',
  GOOGLE_CLIENT_ID: '123-example.apps.googleusercontent.com',
};

describe('auth config', () => {
  it('checks Google’s tokens against Google itself in production', () => {
    const config = loadAuthConfig(production);
    expect(config).toMatchObject({ GOOGLE_ISSUER, GOOGLE_JWKS_URL });
    expect(() => loadAuthConfig({ ...production, GOOGLE_ISSUER: 'https://evil.example.com' })).toThrow(
      /GOOGLE_ISSUER must be https:\/\/accounts.google.com/,
    );
    expect(() =>
      loadAuthConfig({ ...production, GOOGLE_JWKS_URL: 'http://www.googleapis.com/oauth2/v3/certs' }),
    ).toThrow(/GOOGLE_JWKS_URL must be https:\/\/www.googleapis.com\/oauth2\/v3\/certs/);
  });

  it('takes the Google sandbox’s addresses in development and tests', () => {
    const config = loadAuthConfig({
      GOOGLE_ISSUER: 'http://127.0.0.1:4020',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:4020/oauth2/v3/certs',
    });
    expect(config.GOOGLE_ISSUER).toBe('http://127.0.0.1:4020');
  });
});
