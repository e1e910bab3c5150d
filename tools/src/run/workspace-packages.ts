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

export type UnitTestRunners = {
  /** The folders whose `test:unit` is jest with their own jest.config.js: one jest runs them all. */
  jestProjects: string[];
  /** The packages whose `test:unit` is another runner, run by their own script. */
  otherPackages: string[];
};

/** Every workspace package with a `test:unit` script, by the runner it uses. */
export function unitTestRunners(): UnitTestRunners {
  const runners: UnitTestRunners = { jestProjects: [], otherPackages: [] };
  for (const folder of workspaceFolders()) {
    const { name, scripts } = readJson<PackageJson>(`${folder}/package.json`);
    const script = scripts?.['test:unit'];
    if (script === 'jest') runners.jestProjects.push(folder);
    else if (script) runners.otherPackages.push(name);
  }
  return runners;
}

// The one form of `test:integration` a package's own jest config runs; npm test starts that jest
// itself, with the config's path: its rootDir is the config's folder wherever jest starts.
const OWN_INTEGRATION_CONFIG = 'jest -c jest.int.config.js';

/**
 * The jest configs of every workspace package's integration tests, as paths from the repository's
 * root. A package whose `test:integration` is anything else (the system tests) is left to its caller.
 */
export function integrationTestConfigs(): string[] {
  return workspaceFolders()
    .filter(
      (folder) =>
        readJson<PackageJson>(`${folder}/package.json`).scripts?.['test:integration'] ===
        OWN_INTEGRATION_CONFIG,
    )
    .map((folder) => `${folder}/jest.int.config.js`);
}
