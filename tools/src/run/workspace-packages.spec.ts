import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './exec';
import { packagesWithOwnUnitTests, workspaceFolders } from './workspace-packages';

describe('the workspace packages npm test runs the unit tests of', () => {
  it('expands the workspaces, services/* included', () => {
    expect(workspaceFolders()).toEqual(
      expect.arrayContaining(['proto', 'services/library', 'tools/sandboxes']),
    );
  });

  it('leaves the Node packages to one vitest and gives the web app and the extension their own runs', () => {
    expect(packagesWithOwnUnitTests()).toEqual(['@promptlib/frontend', '@promptlib/extension']);
  });

  it('gives every package with integration tests a script that runs them alone with vitest.integration.mjs', () => {
    const withTests = workspaceFolders().filter(
      (folder) =>
        existsSync(join(repoRoot, folder, 'test')) &&
        readdirSync(join(repoRoot, folder, 'test'), { recursive: true }).some((file) =>
          String(file).endsWith('.int-spec.ts'),
        ),
    );
    expect(withTests).toEqual(
      expect.arrayContaining(['platform', 'gateway', 'services/library', 'tools/sandboxes']),
    );
    for (const folder of withTests) {
      const { scripts } = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      const config = `${'../'.repeat(folder.split('/').length)}vitest.integration.mjs`;
      expect({ folder, script: scripts?.['test:integration'] }).toEqual({
        folder,
        script: `vitest run -c ${config} ${folder}/test/`,
      });
    }
  });
});
