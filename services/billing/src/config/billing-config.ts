import {
  ConfigError,
  type ConfigSpec,
  loadConfig,
  redisDevDefaults,
  redisEnvShape,
  serviceError,
  type Env,
} from '@promptlib/platform';
import { serviceDevDefaults, serviceEnvShape } from '@promptlib/platform/service';
import { billingMessages } from '@promptlib/proto';
import { z } from 'zod';

/** Where Stripe's own API answers; anything else is the Stripe sandbox in tools/sandboxes (or a mistake). */
export const STRIPE_API = 'https://api.stripe.com';

const milliseconds = (min: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(7 * 24 * 3600 * 1000);

const billingEnvShape = {
  ...serviceEnvShape(9105),
  ...redisEnvShape,
  // Success and cancel URLs of a checkout point back here, never at a request's Host header.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')),
  STRIPE_SECRET_KEY: z.string().min(1),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default(STRIPE_API),
  // The webhook endpoint's signing secret (whsec_…): billing alone verifies what Stripe sends.
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  STRIPE_PRICE_MONTHLY: z.string().min(1),
  STRIPE_PRICE_ANNUAL: z.string().min(1),
  // How often the sweep ends cancelled subscriptions at their end date and re-reads stale ones.
  BILLING_SWEEP_INTERVAL_MS: milliseconds(100).default(60_000),
  // A subscription not read from Stripe for this long may have changed without billing hearing of it.
  BILLING_RESYNC_AFTER_MS: milliseconds(0).default(6 * 3600 * 1000),
};

export type BillingConfig = z.output<z.ZodObject<typeof billingEnvShape>>;

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

/** What billing reads from its environment. */
export const billingConfigSpec = {
  shape: billingEnvShape,
  devDefaults: {
    ...serviceDevDefaults,
    ...redisDevDefaults,
    PUBLIC_URL: (given) => `http://localhost:${given.PORT ?? 8080}`,
    STRIPE_PRICE_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_ANNUAL: 'price_pro_annual',
  },
} satisfies ConfigSpec<typeof billingEnvShape>;

export function loadBillingConfig(env: Env): BillingConfig {
  const config = loadConfig(billingConfigSpec.shape, billingConfigSpec.devDefaults, env);
  // Payments in production go to Stripe itself: the sandbox takes any card and moves no money.
  if (config.NODE_ENV === 'production' && new URL(config.STRIPE_API_URL).origin !== STRIPE_API) {
    throw new ConfigError(
      `Invalid production configuration: STRIPE_API_URL must be ${STRIPE_API} (the Stripe sandbox never runs in production).`,
    );
  }
  return config;
}

/** The price ids a checkout, or a plan change, may be for. */
export function pricesOf(config: BillingConfig): string[] {
  return [config.STRIPE_PRICE_MONTHLY, config.STRIPE_PRICE_ANNUAL];
}

/** Refuses a price that is neither Pro plan, naming the field. */
export function requireProPrice(config: BillingConfig, priceId: string): void {
  if (pricesOf(config).includes(priceId)) return;
  throw serviceError('VALIDATION_FAILED', billingMessages.unknownPrice, {
    priceId: { rule: 'invalid', message: billingMessages.unknownPrice },
  });
}
