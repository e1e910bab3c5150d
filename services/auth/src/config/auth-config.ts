import {
  type ConfigSpec,
  loadConfig,
  serviceDevDefaults,
  serviceEnvShape,
  type Env,
} from '@promptlib/platform';
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

export function loadAuthConfig(env: Env): AuthConfig {
  return loadConfig(authConfigSpec.shape, authConfigSpec.devDefaults, env);
}
