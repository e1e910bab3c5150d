import { z } from 'zod';
import { productionAccessProblems } from './production-access';

export type Env = Record<string, string | undefined>;

/** A development default: a fixed value, or one derived from the rest of the environment. */
export type DevDefault = string | ((env: Env) => string);

/**
 * What a process's environment is checked against: the variables it reads, and the development
 * defaults of those that have one. Exported by each app so deployment files can be checked
 * against what the app really reads.
 */
export type ConfigSpec<S extends z.ZodRawShape = z.ZodRawShape> = {
  shape: S;
  devDefaults: Partial<Record<keyof S & string, DevDefault>>;
};

/**
 * The variables a spec reads, each with whether a deployment must give it: one without a default,
 * or with only a development default (a localhost address, a published secret).
 */
export function variablesOf(spec: ConfigSpec): { name: string; needed: boolean }[] {
  return Object.entries(spec.shape).map(([name, schema]) => ({
    name,
    needed: name in spec.devDefaults || !z.safeParse(schema, undefined).success,
  }));
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Validates a process's environment once, at boot. Development defaults fill gaps outside
 * production; in production every variable that has one must be set, and not to that default,
 * so a deployment can never run on a localhost URL or a published secret by accident.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  devDefaults: Partial<Record<keyof S & string, DevDefault>>,
  env: Env,
): z.output<z.ZodObject<S>> {
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const production = given.NODE_ENV === 'production';
  const defaults = Object.entries(devDefaults) as [string, DevDefault][];

  if (production) {
    const problems = defaults.flatMap(([name, fallback]) => {
      if (given[name] === undefined) return [`${name} must be set`];
      if (given[name] === resolveDefault(fallback, given))
        return [`${name} must not use its development default`];
      return [];
    });
    problems.push(...productionAccessProblems(Object.keys(shape), given));
    if (problems.length > 0)
      throw new ConfigError(`Invalid production configuration: ${problems.join('; ')}.`);
  }

  const input: Env = { ...given };
  if (!production) {
    for (const [name, fallback] of defaults) input[name] ??= resolveDefault(fallback, given);
  }

  const result = z.object(shape).safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  return result.data;
}

function resolveDefault(fallback: DevDefault, env: Env): string {
  return typeof fallback === 'function' ? fallback(env) : fallback;
}
