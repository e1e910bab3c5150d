import { ConfigError, type ConfigSpec, loadConfig, type Env } from '@promptlib/platform';
import { serviceDevDefaults, serviceEnvShape } from '@promptlib/platform/service';
import { z } from 'zod';

/** Google's own issuer and keys; tests and the demo mode point these at the Google sandbox (tools/sandboxes). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

const authEnvShape = {
  ...serviceEnvShape(9102),
  // Unset: Google sign-in is off, and every attempt is refused.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default(GOOGLE_ISSUER),
  GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_JWKS_URL),
};

export type AuthConfig = z.output<z.ZodObject<typeof authEnvShape>>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/** What auth reads from its environment. */
export const authConfigSpec = { shape: authEnvShape, devDefaults: serviceDevDefaults } satisfies ConfigSpec<
  typeof authEnvShape
>;

/**
 * In production Google's tokens are checked against Google itself: the issuer and the keys are
 * Google's own, over https, as payments go to Stripe itself. Anything else would let whoever runs
 * the other address sign in as anyone (the sandbox runs in development and tests only).
 */
export function loadAuthConfig(env: Env): AuthConfig {
  const config = loadConfig(authConfigSpec.shape, authConfigSpec.devDefaults, env);
  if (config.NODE_ENV === 'production') {
    for (const [name, pinned] of [
      ['GOOGLE_ISSUER', GOOGLE_ISSUER],
      ['GOOGLE_JWKS_URL', GOOGLE_JWKS_URL],
    ] as const) {
      if (config[name] !== pinned)
        throw new ConfigError(
          `Invalid production configuration: ${name} must be ${pinned} (the Google sandbox never runs in production).`,
        );
    }
  }
  return config;
}
