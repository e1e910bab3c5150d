import { describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { envFor, provideStripe, removeSandboxStateFiles, sandboxStateFile } from './stripe-access';

describe('Stripe for npm start', () => {
  const access = {
    STRIPE_SECRET_KEY: 'sk_x',
    STRIPE_API_URL: 'http://127.0.0.1:1',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };

  it('gives the key, address and webhook secret to an app that talks to Stripe, and to no other', () => {
    const shared = { APP_NAMESPACE: 'x', STRIPE_SECRET_KEY: 'sk_from_user', STRIPE_PRICE_MONTHLY: 'price_m' };
    expect(envFor({ name: 'billing', entry: 'b.js', stripe: true }, shared, access)).toEqual({
      APP_NAMESPACE: 'x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      ...access,
    });
    expect(envFor({ name: 'gateway', entry: 'g.js' }, shared, access)).toEqual({
      APP_NAMESPACE: 'x',
      STRIPE_PRICE_MONTHLY: 'price_m',
    });
  });

  it('uses the real Stripe when a key is set', async () => {
    const { access: real, sandbox } = await provideStripe(
      { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_live' },
      'http://localhost:8080',
    );
    expect(sandbox).toBeUndefined();
    expect(real).toEqual({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_API_URL: 'https://api.stripe.com',
      STRIPE_WEBHOOK_SECRET: 'whsec_live',
    });
  });

  it('starts the sandbox with fresh keys without one, and never in production', async () => {
    const { access: local, sandbox } = await provideStripe(
      { NODE_ENV: 'development' },
      'http://localhost:8080',
    );
    try {
      expect(local.STRIPE_SECRET_KEY).toMatch(/^sk_test_[0-9a-f]{36}$/);
      expect(local.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_[0-9a-f]{36}$/);
      expect(local.STRIPE_API_URL).toBe(sandbox!.url);
      const price = await fetch(`${local.STRIPE_API_URL}/v1/prices/price_pro_monthly`, {
        headers: { Authorization: `Bearer ${local.STRIPE_SECRET_KEY}` },
      });
      expect(price.status).toBe(200);
    } finally {
      await sandbox?.close();
    }
    const placed = await provideStripe(
      { STRIPE_SANDBOX_PUBLIC_URL: 'https://pay.example.test' },
      'http://localhost:8080',
    );
    try {
      const session = await fetch(`${placed.access.STRIPE_API_URL}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${placed.access.STRIPE_SECRET_KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'mode=subscription&line_items[0][price]=price_pro_monthly&success_url=http%3A%2F%2Fx%2Fok',
      });
      expect(((await session.json()) as { url: string }).url).toMatch(
        /^https:\/\/pay\.example\.test\/checkout\/cs_test_/,
      );
    } finally {
      await placed.sandbox?.close();
    }
    await expect(provideStripe({ NODE_ENV: 'production' }, 'http://localhost:8080')).rejects.toThrow(
      /STRIPE_SECRET_KEY is required in production/,
    );
  });

  it('keeps the sandbox state of a namespace in the data directory, and removes it with the namespace', async () => {
    const namespace = `plt_statefile_${process.pid}`;
    const own = await sandboxStateFile(namespace);
    const underIt = await sandboxStateFile(`${namespace}_start`);
    const other = await sandboxStateFile(`plt_other_${process.pid}`);
    for (const file of [own, underIt, other]) writeFileSync(file, '{}');
    await removeSandboxStateFiles(namespace);
    expect([own, underIt, other].map((file) => existsSync(file))).toEqual([false, false, true]);
    await removeSandboxStateFiles(`plt_other_${process.pid}`);
    expect(existsSync(other)).toBe(false);
  });
});
