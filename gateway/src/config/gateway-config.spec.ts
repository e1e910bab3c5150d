import { describe, expect, it } from 'vitest';
import { loadGatewayConfig, trustedOrigins } from './gateway-config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://prompts.example.com/',
  NATS_URL: 'nats://nats:4222',
  NATS_USER: 'gateway',
  NATS_PASSWORD: 'nats-password',
  NATS_TLS_CA: '/etc/nats-ca/ca.crt',
  REDIS_URL: 'redis://gateway:redis-password@redis:6379',
  STRIPE_PRICE_MONTHLY: 'price_live_m',
  STRIPE_PRICE_ANNUAL: 'price_live_a',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
};

describe('gateway config', () => {
  it('runs on development defaults', () => {
    const config = loadGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.HEALTH_PORT).toBe(9101);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('refuses production without a public URL or price ids', () => {
    const {
      PUBLIC_URL: _url,
      STRIPE_PRICE_ANNUAL: _annual,
      SESSION_SECRET: _secret,
      ...incomplete
    } = production;
    expect(() => loadGatewayConfig(incomplete)).toThrow(
      /PUBLIC_URL must be set; SESSION_SECRET must be set; STRIPE_PRICE_ANNUAL must be set/,
    );
  });

  it('refuses the development session secret in production', () => {
    expect(() =>
      loadGatewayConfig({ ...production, SESSION_SECRET: 'development-only-session-secret-change-me' }),
    ).toThrow('SESSION_SECRET must not use its development default');
  });

  it('sends browsers to sign in with Google itself in production, never elsewhere', () => {
    expect(loadGatewayConfig(production).GOOGLE_AUTH_URL).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    expect(() =>
      loadGatewayConfig({ ...production, GOOGLE_AUTH_URL: 'https://accounts.example.com/o/oauth2/v2/auth' }),
    ).toThrow(/GOOGLE_AUTH_URL must be https:\/\/accounts.google.com\/o\/oauth2\/v2\/auth/);
    expect(loadGatewayConfig({ GOOGLE_AUTH_URL: 'http://127.0.0.1:4020/auth' }).GOOGLE_AUTH_URL).toBe(
      'http://127.0.0.1:4020/auth',
    );
  });

  it('reads rate limits as attempts per window', () => {
    const config = loadGatewayConfig({ RATE_LIMIT_LOGIN_PER_USERNAME: '5/2h' });
    expect(config.RATE_LIMIT_LOGIN_PER_USERNAME).toEqual({ points: 5, durationSeconds: 7200 });
    expect(config.RATE_LIMIT_LOGIN_PER_CLIENT).toEqual({ points: 50, durationSeconds: 900 });
    expect(config.RATE_LIMIT_IMPORTS_PER_USER).toEqual({ points: 120, durationSeconds: 600 });
    expect(() => loadGatewayConfig({ RATE_LIMIT_REGISTER_PER_CLIENT: 'lots' })).toThrow(
      /RATE_LIMIT_REGISTER_PER_CLIENT/,
    );
    expect(() => loadGatewayConfig({ RATE_LIMIT_REGISTER_PER_CLIENT: '0/1m' })).toThrow(
      /RATE_LIMIT_REGISTER_PER_CLIENT/,
    );
  });

  it('accepts a complete production environment and trims the public URL', () => {
    expect(loadGatewayConfig(production).PUBLIC_URL).toBe('https://prompts.example.com');
  });

  it('refuses an allowed origin with a path', () => {
    expect(() => loadGatewayConfig({ ALLOWED_ORIGINS: 'https://a.example.com/app' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
  });

  it('trusts the local port only outside production', () => {
    const development = trustedOrigins(loadGatewayConfig({ ALLOWED_ORIGINS: 'https://a.example.com' }));
    expect([...development].sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'https://a.example.com',
    ]);
    expect([...trustedOrigins(loadGatewayConfig(production))]).toEqual(['https://prompts.example.com']);
  });
});
