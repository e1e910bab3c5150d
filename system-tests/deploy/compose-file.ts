import { parseDocument } from 'yaml';

/** The parts of a compose service the checks read. */
export type ComposeService = {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  environment: Record<string, string>;
  profiles?: string[];
};

export class ComposeFileError extends Error {
  override readonly name = 'ComposeFileError';
}

/**
 * docker-compose.yml as compose reads it: YAML 1.1 merge keys (`<<: *anchor`) resolved and every
 * `${VAR}`, `${VAR:-default}` and `${VAR-default}` substituted from `variables` (an unset one
 * takes its default, as with an empty shell). A syntax error, a duplicate key or a service that is
 * not a mapping is a ComposeFileError naming the place.
 */
export function parseComposeFile(
  text: string,
  variables: Record<string, string | undefined> = {},
): Record<string, ComposeService> {
  const document = parseDocument(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  if (document.errors.length > 0) {
    throw new ComposeFileError(`docker-compose.yml does not parse: ${document.errors[0].message}`);
  }
  const root: unknown = document.toJS({ maxAliasCount: 100 });
  if (!isRecord(root) || !isRecord(root.services)) {
    throw new ComposeFileError('docker-compose.yml has no `services` mapping.');
  }
  const services: Record<string, ComposeService> = {};
  for (const [name, value] of Object.entries(root.services)) {
    if (!isRecord(value)) throw new ComposeFileError(`Service ${name} is not a mapping.`);
    services[name] = {
      image: typeof value.image === 'string' ? substitute(value.image, variables) : undefined,
      build: isRecord(value.build) ? (value.build as ComposeService['build']) : undefined,
      environment: environmentOf(name, value.environment, variables),
      profiles: Array.isArray(value.profiles) ? value.profiles.map(String) : undefined,
    };
  }
  return services;
}

/** Compose's `environment:` in either form, a mapping or a list of NAME=value. */
function environmentOf(
  service: string,
  value: unknown,
  variables: Record<string, string | undefined>,
): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value) && !isRecord(value)) {
    throw new ComposeFileError(`The environment of ${service} is neither a mapping nor a list.`);
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => {
        const [name, ...rest] = String(item).split('=');
        return [name, rest.join('=')];
      })
    : Object.entries(value);
  return Object.fromEntries(
    entries.map(([name, raw]) => [name, substitute(raw === null ? '' : String(raw), variables)]),
  );
}

/** Compose's variable substitution; `$$` is a literal dollar. */
export function substitute(text: string, variables: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, colon?: string, fallback?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = braced ?? bare ?? '';
      const value = variables[name];
      if (fallback === undefined) return value ?? '';
      const useDefault = colon ? !value : value === undefined;
      return useDefault ? fallback : (value ?? '');
    },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
