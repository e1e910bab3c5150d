import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './exec';

type PackageJson = { name: string; scripts?: Record<string, string> };

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T;

/** The folders of the root package.json's workspaces, a trailing `/*` expanded. */
export function workspaceFolders(): string[] {
  const { workspaces } = readJson<{ workspaces: string[] }>('package.json');
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
}

/**
 * The workspace packages whose unit tests have a runner of their own (the web app's and the
 * extension's vitest, in a browser-like environment), run by their `test:unit` script. The Node
 * packages have no such script: vitest.unit.mjs runs all of their specs at once.
 */
export function packagesWithOwnUnitTests(): string[] {
  return workspaceFolders()
    .map((folder) => readJson<PackageJson>(`${folder}/package.json`))
    .filter(({ scripts }) => scripts?.['test:unit'])
    .map(({ name }) => name);
}
