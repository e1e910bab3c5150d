import { variablesOf, type ConfigSpec, type Env } from '@promptlib/platform';
import type { ComposeService } from './compose-file';

/** An app compose runs, as the checks know it: its compose service and what it reads. */
export type AppConfig = {
  service: string;
  spec: ConfigSpec;
  /** The app's own loader, which may refuse a combination the variables alone allow. */
  load: (env: Env) => unknown;
};

/**
 * Every variable an app needs is given to it by a deployment (`source`: compose, the chart), and
 * nothing it does not read: a variable is needed when the app has no default for it, or only a
 * development default (a localhost address, which inside a container points at the wrong place).
 * Then, with `loadValues`, the app's own loader must accept the values given.
 */
export function environmentProblems(
  services: Record<string, Pick<ComposeService, 'environment'>>,
  apps: AppConfig[],
  { source = 'compose', loadValues = true }: { source?: string; loadValues?: boolean } = {},
): string[] {
  return apps.flatMap(({ service, spec, load }) => {
    const composed = services[service];
    if (!composed) return [`${source} has no ${service}`];
    const env = composed.environment;
    const problems: string[] = [];
    for (const { name, needed } of variablesOf(spec)) {
      if (needed && !env[name]) problems.push(`${service} reads ${name}, which ${source} does not give it`);
    }
    for (const name of Object.keys(env)) {
      if (!(name in spec.shape))
        problems.push(`${source} gives ${service} ${name}, which ${service} does not read`);
    }
    if (problems.length > 0 || !loadValues) return problems;
    try {
      load(env);
      return [];
    } catch (error) {
      return [`${service} refuses its ${source} environment: ${(error as Error).message}`];
    }
  });
}

type Stage = { name?: string; base: string; copiesFrom: string[]; env: Record<string, string> };

/**
 * The stages of a Dockerfile: each FROM with its `AS` name, the stages its COPY --from reads, and
 * the variables its ENV lines set (NAME=value form).
 */
export function dockerfileStages(text: string): Stage[] {
  const stages: Stage[] = [];
  // Continuation lines joined, comments dropped: one instruction per line.
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const line of lines.map((item) => item.trim())) {
    const from = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?\s*$/i.exec(line);
    if (from) {
      stages.push({ base: from[1], name: from[2]?.toLowerCase(), copiesFrom: [], env: {} });
      continue;
    }
    const env = /^ENV\s+(.*)$/i.exec(line);
    if (env && stages.length > 0) {
      for (const [, name, value] of env[1].matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) {
        stages[stages.length - 1].env[name] = value;
      }
    }
    const copy = /^COPY\s+.*--from=(\S+)/i.exec(line);
    if (copy && stages.length > 0) stages[stages.length - 1].copiesFrom.push(copy[1].toLowerCase());
  }
  return stages;
}

/** The stages nothing else builds on or copies from: the images the Dockerfile is for. */
export function finalTargets(stages: Stage[]): string[] {
  const used = new Set(stages.flatMap((stage) => [stage.base.toLowerCase(), ...stage.copiesFrom]));
  return stages.flatMap((stage) => (stage.name && !used.has(stage.name) ? [stage.name] : []));
}

/**
 * Compose builds from `dockerfile` only targets that exist and are final images, and every final
 * target is built by some compose service: the two files describe the same set of images.
 */
export function targetProblems(
  services: Record<string, ComposeService>,
  dockerfileText: string,
  dockerfile: string,
): string[] {
  const stages = dockerfileStages(dockerfileText);
  const named = new Set(stages.flatMap((stage) => (stage.name ? [stage.name] : [])));
  const finals = finalTargets(stages);
  const problems: string[] = [];
  const built = new Set<string>();
  for (const [name, service] of Object.entries(services)) {
    if (!service.build) continue;
    const { dockerfile: file, target } = service.build;
    if (file !== dockerfile)
      problems.push(`${name} builds from ${file ?? 'no dockerfile'}, not ${dockerfile}`);
    if (!target) problems.push(`${name} builds no target of ${dockerfile}`);
    else if (!named.has(target)) problems.push(`${name} builds target ${target}, which ${dockerfile} lacks`);
    else if (!finals.includes(target)) problems.push(`${name} builds ${target}, an intermediate stage`);
    else built.add(target);
  }
  for (const target of finals) {
    if (!built.has(target)) problems.push(`${dockerfile} target ${target} is built by no compose service`);
  }
  return problems;
}
