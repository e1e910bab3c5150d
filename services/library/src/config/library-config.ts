import { type ConfigSpec, loadConfig, type Env } from '@promptlib/platform';
import { serviceDevDefaults, serviceEnvShape } from '@promptlib/platform/service';
import { DELETED_PROMPT_RESTORE_SECONDS, tierDefaults } from '@promptlib/proto';
import { z } from 'zod';

const count = z.coerce.number().int().min(0);
// At least the current version; a bound keeps one prompt's history a bounded amount of storage.
const versionsKept = z.coerce.number().int().min(1).max(100_000);

const libraryEnvShape = {
  ...serviceEnvShape(9103),
  FREE_PROMPT_LIMIT: count.default(tierDefaults.freePromptLimit),
  FREE_CATEGORY_LIMIT: count.default(tierDefaults.freeCategoryLimit),
  // Pro shows "unlimited" but keeps a ceiling against abuse.
  PRO_MAX_PROMPTS: count.default(tierDefaults.proMaxPrompts),
  PRO_MAX_CATEGORIES: count.default(tierDefaults.proMaxCategories),
  // How many of each prompt's newest versions a plan keeps (older ones are pruned).
  FREE_VERSIONS_KEPT: versionsKept.default(tierDefaults.freeVersionsKept),
  PRO_VERSIONS_KEPT: versionsKept.default(tierDefaults.proVersionsKept),
  // How long a deleted prompt can be restored; a day at most, since a deletion should soon be final.
  DELETED_PROMPT_RESTORE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(DELETED_PROMPT_RESTORE_SECONDS),
};

export type LibraryConfig = z.output<z.ZodObject<typeof libraryEnvShape>>;

export const LIBRARY_CONFIG = Symbol('LIBRARY_CONFIG');

/** What library reads from its environment. */
export const libraryConfigSpec = {
  shape: libraryEnvShape,
  devDefaults: serviceDevDefaults,
} satisfies ConfigSpec<typeof libraryEnvShape>;

export function loadLibraryConfig(env: Env): LibraryConfig {
  return loadConfig(libraryConfigSpec.shape, libraryConfigSpec.devDefaults, env);
}
