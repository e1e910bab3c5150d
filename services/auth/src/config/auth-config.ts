import { loadConfig, serviceDevDefaults, serviceEnvShape, type Env } from '@promptlib/platform';
import type { z } from 'zod';

const authEnvShape = serviceEnvShape(9102);

export type AuthConfig = z.output<z.ZodObject<typeof authEnvShape>>;

export function loadAuthConfig(env: Env): AuthConfig {
  return loadConfig(authEnvShape, serviceDevDefaults, env);
}
