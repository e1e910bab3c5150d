import { loadConfig, port, processDevDefaults, processEnvShape, type Env } from '@promptlib/platform';
import { z } from 'zod';

const origin = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://example.com (scheme, host and port only)');

const gatewayEnvShape = {
  ...processEnvShape(9101),
  PORT: port.default(8080),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  // Express "trust proxy": only these proxies' X-Forwarded-For is believed (e.g. "loopback, 10.0.0.0/8").
  TRUST_PROXY: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().min(1),
  STRIPE_PRICE_ANNUAL: z.string().min(1),
};

export type GatewayConfig = z.output<z.ZodObject<typeof gatewayEnvShape>>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: Env): GatewayConfig {
  return loadConfig(
    gatewayEnvShape,
    {
      ...processDevDefaults,
      PUBLIC_URL: (given) => `http://localhost:${given.PORT ?? 8080}`,
      STRIPE_PRICE_MONTHLY: 'price_pro_monthly',
      STRIPE_PRICE_ANNUAL: 'price_pro_annual',
    },
    env,
  );
}

/** Origins whose state-changing calls are accepted: the public one, the listed ones, and in development the local port. */
export function trustedOrigins(config: GatewayConfig): Set<string> {
  const origins = new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS]);
  if (config.NODE_ENV !== 'production') {
    origins.add(`http://localhost:${config.PORT}`);
    origins.add(`http://127.0.0.1:${config.PORT}`);
  }
  return origins;
}
