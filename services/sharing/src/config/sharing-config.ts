import { type ConfigSpec, loadConfig, redisDevDefaults, redisEnvShape, type Env } from '@promptlib/platform';
import { serviceDevDefaults, serviceEnvShape } from '@promptlib/platform/service';
import { z } from 'zod';

const sharingEnvShape = {
  ...serviceEnvShape(9104),
  ...redisEnvShape,
  // How long a public read stays in Redis unless an event about its prompt clears it sooner.
  SHARE_CACHE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(3600),
  // How often the views counted in Redis are added to Postgres.
  SHARE_VIEWS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(10_000),
  // New visitors whose view is counted per minute, across links and replicas: each leaves a key in
  // Redis for the 30-minute window, so this is the ceiling on what anonymous reads store (10,000 a
  // minute is at most 300,000 keys, some 30 MB). Views past it are not counted.
  SHARE_VIEW_VISITORS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
};

export type SharingConfig = z.output<z.ZodObject<typeof sharingEnvShape>>;

export const SHARING_CONFIG = Symbol('SHARING_CONFIG');

/** What sharing reads from its environment. */
export const sharingConfigSpec = {
  shape: sharingEnvShape,
  devDefaults: { ...serviceDevDefaults, ...redisDevDefaults },
} satisfies ConfigSpec<typeof sharingEnvShape>;

export function loadSharingConfig(env: Env): SharingConfig {
  return loadConfig(sharingConfigSpec.shape, sharingConfigSpec.devDefaults, env);
}
