import { describe, expect, it } from 'vitest';
import { sandboxSettings, SandboxSettingsError } from './sandbox-settings';

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_WEBHOOK_URL: 'http://gateway:8080/api/webhooks/stripe',
};

describe('sandboxSettings', () => {
  it('reads the Stripe sandbox from its environment, on its default port', () => {
    expect(
      sandboxSettings('stripe', { ...stripeEnv, SANDBOX_PUBLIC_URL: 'http://localhost:12111/' }),
    ).toEqual({
      kind: 'stripe',
      port: 12111,
      publicUrl: 'http://localhost:12111',
      secretKey: 'sk_test_x',
      webhookUrl: 'http://gateway:8080/api/webhooks/stripe',
      webhookSecret: 'whsec_x',
      stateFile: undefined,
    });
  });

  it('reads the Google sandbox, with its own default port', () => {
    expect(sandboxSettings('google', { GOOGLE_CLIENT_ID: 'client', SANDBOX_PORT: '9000' })).toEqual({
      kind: 'google',
      port: 9000,
      publicUrl: undefined,
      clientId: 'client',
    });
  });

  it('names every problem at once', () => {
    expect(() =>
      sandboxSettings('stripe', {
        SANDBOX_PORT: '70000',
        STRIPE_WEBHOOK_URL: 'gateway:8080',
        STRIPE_SECRET_KEY: 'k',
      }),
    ).toThrow(
      'The stripe sandbox cannot start: SANDBOX_PORT must be a port number (1 to 65535), not "70000"; ' +
        'STRIPE_WEBHOOK_URL must be an http or https URL, not "gateway:8080"; STRIPE_WEBHOOK_SECRET must be set.',
    );
  });

  it('refuses an unknown sandbox and production mode', () => {
    expect(() => sandboxSettings('paypal', {})).toThrow(SandboxSettingsError);
    expect(() => sandboxSettings('google', { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'c' })).toThrow(
      /never run in production/,
    );
  });
});
