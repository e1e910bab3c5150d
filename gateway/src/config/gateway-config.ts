import {
  booleanFlag,
  ConfigError,
  type ConfigSpec,
  loadConfig,
  port,
  processDevDefaults,
  processEnvShape,
  redisDevDefaults,
  redisEnvShape,
  type Env,
} from '@promptlib/platform';
import { z } from 'zod';

/** Where browsers sign in with Google in production: Google itself (the sandbox never runs there). */
export const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

const origin = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://example.com (scheme, host and port only)');

const UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** "<attempts>/<window>", e.g. "10/15m": at most 10 within any 15 minutes. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smhd]$/, 'must look like 10/15m (attempts/window with s, m, h or d)')
  .transform((value) => {
    const [points, window] = value.split('/');
    const unit = window.slice(-1) as keyof typeof UNITS;
    return { points: Number(points), durationSeconds: Number(window.slice(0, -1)) * UNITS[unit] };
  })
  .refine(
    (rule) => rule.points > 0 && rule.durationSeconds > 0,
    'must allow at least one attempt in a non-empty window',
  );

export type RateLimitRule = z.output<typeof rateLimit>;

const gatewayEnvShape = {
  ...processEnvShape(9101),
  ...redisEnvShape,
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
  // Fastify's trustProxy: only these proxies' X-Forwarded-For is believed (e.g. "loopback, 10.0.0.0/8").
  TRUST_PROXY: z.string().default(''),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  // However active: a session ends this long after sign-in.
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(30),
  // Unset means: on in production, off elsewhere (plain http://localhost would drop a Secure cookie).
  COOKIE_SECURE: booleanFlag.optional(),
  RATE_LIMIT_LOGIN_PER_USERNAME: rateLimit.prefault('10/15m'),
  RATE_LIMIT_LOGIN_PER_CLIENT: rateLimit.prefault('50/15m'),
  RATE_LIMIT_REGISTER_PER_CLIENT: rateLimit.prefault('10/1h'),
  RATE_LIMIT_WRITES_PER_USER: rateLimit.prefault('120/1m'),
  // Import pages (POST /api/prompts/import), one point each, counted instead of the write limit. A
  // page holds at most 100 prompts in at most 100 kB, so a file of 5,000 typical prompts is 50 pages
  // (prompts under 1 kB) to about 100 (2 kB each): 120 in 10 minutes takes it in one go with room
  // for retries, and one account still adds at most 12,000 prompts in 10 minutes.
  RATE_LIMIT_IMPORTS_PER_USER: rateLimit.prefault('120/10m'),
  RATE_LIMIT_SHARED_READS_PER_CLIENT: rateLimit.prefault('120/1m'),
  RATE_LIMIT_GOOGLE_AUTH_PER_CLIENT: rateLimit.prefault('30/15m'),
  // Checkouts started per user: each costs several Stripe calls, and a person starts a few at most.
  RATE_LIMIT_CHECKOUTS_PER_USER: rateLimit.prefault('10/1h'),
  // Reads of a checkout's state per user: each may read Stripe, whose rate limit the whole account
  // shares. The success page reads a handful; 30 a minute leaves room for several tabs.
  RATE_LIMIT_CHECKOUT_READS_PER_USER: rateLimit.prefault('30/1m'),
  // Clients new to a per-client limit, across all clients and replicas: each leaves a counter in
  // Redis for its window (an hour at most), so this is the ceiling on what anonymous traffic makes
  // the gateway store (10,000 a minute: at most some 600,000 small keys). Past it, a client never
  // seen before is refused until the minute is over; clients already counted go on as before.
  RATE_LIMIT_NEW_CLIENTS: rateLimit.prefault('10000/1m'),
  // Stripe's webhook deliveries per sending address, before anything is forwarded to billing.
  RATE_LIMIT_WEBHOOKS_PER_CLIENT: rateLimit.prefault('600/1m'),
  // Requests per API key, whatever they do: a program in a loop is held to this before the user's
  // own limits (writes, imports) apply as well.
  RATE_LIMIT_REQUESTS_PER_API_KEY: rateLimit.prefault('600/1m'),
  // A comment line on every open live feed (GET /api/events) this often, which keeps proxies from
  // closing a quiet one and finds feeds whose session or key has ended since.
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  // Where the browser signs in with Google; the Google sandbox's in tests and the demo mode.
  GOOGLE_AUTH_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_AUTH_URL),
  STRIPE_PRICE_MONTHLY: z.string().min(1),
  STRIPE_PRICE_ANNUAL: z.string().min(1),
};

export type GatewayConfig = z.output<z.ZodObject<typeof gatewayEnvShape>>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** What the gateway reads from its environment. */
export const gatewayConfigSpec = {
  shape: gatewayEnvShape,
  devDefaults: {
    ...processDevDefaults,
    ...redisDevDefaults,
    PUBLIC_URL: (given) => `http://localhost:${given.PORT ?? 8080}`,
    SESSION_SECRET: 'development-only-session-secret-change-me',
    STRIPE_PRICE_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_ANNUAL: 'price_pro_annual',
  },
} satisfies ConfigSpec<typeof gatewayEnvShape>;

export function loadGatewayConfig(env: Env): GatewayConfig {
  const config = loadConfig(gatewayConfigSpec.shape, gatewayConfigSpec.devDefaults, env);
  // A sign-in page elsewhere would collect Google passwords for whoever runs it.
  if (config.NODE_ENV === 'production' && config.GOOGLE_AUTH_URL !== GOOGLE_AUTH_URL) {
    throw new ConfigError(
      `Invalid production configuration: GOOGLE_AUTH_URL must be ${GOOGLE_AUTH_URL} (the Google sandbox never runs in production).`,
    );
  }
  return config;
}

export function cookieSecure(config: GatewayConfig): boolean {
  return config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
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
