import { describe, expect, it } from 'vitest';
import { loadBillingConfig, pricesOf } from './billing-config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://prompts.example.com/',
  DATABASE_URL: 'postgres://billing:db-password@db:5432/promptlib',
  NATS_URL: 'nats://nats:4222',
  NATS_USER: 'billing',
  NATS_PASSWORD: 'nats-password',
  NATS_TLS_CA: '/etc/nats-ca/ca.crt',
  REDIS_URL: 'redis://billing:redis-password@redis:6379',
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
  STRIPE_PRICE_MONTHLY: 'price_live_m',
  STRIPE_PRICE_ANNUAL: 'price_live_a',
};

describe('billing config', () => {
  it('runs on development defaults once it has a Stripe key and webhook secret', () => {
    const config = loadBillingConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:4010',
    });
    expect(config.HEALTH_PORT).toBe(9105);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(pricesOf(config)).toEqual(['price_pro_monthly', 'price_pro_annual']);
    expect(config.BILLING_SWEEP_INTERVAL_MS).toBe(60_000);
  });

  it('refuses to start without a Stripe key and webhook secret', () => {
    expect(() => loadBillingConfig({})).toThrow(/STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET/);
  });

  it('talks to Stripe itself in production, never to the sandbox', () => {
    const config = loadBillingConfig(production);
    expect(config.STRIPE_API_URL).toBe('https://api.stripe.com');
    expect(config.PUBLIC_URL).toBe('https://prompts.example.com');
    expect(() => loadBillingConfig({ ...production, STRIPE_API_URL: 'http://127.0.0.1:4010' })).toThrow(
      /STRIPE_API_URL must be https:\/\/api.stripe.com/,
    );
  });
});
