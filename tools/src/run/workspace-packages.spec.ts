import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './exec';
import { integrationTestConfigs, packagesWithOwnUnitTests, workspaceFolders } from './workspace-packages';

describe('the workspace packages npm test runs the unit tests of', () => {
  it('expands the workspaces, services/* included', () => {
    expect(workspaceFolders()).toEqual(
      expect.arrayContaining(['proto', 'services/library', 'tools/sandboxes']),
    );
  });

  it('leaves the Node packages to one vitest and gives the web app and the extension their own runs', () => {
    expect(packagesWithOwnUnitTests()).toEqual(['@promptlib/frontend', '@promptlib/extension']);
  });

  it('finds the jest config of every package with integration tests of its own, and not the system tests’', () => {
    const configs = integrationTestConfigs();
    expect(configs).toEqual(
      expect.arrayContaining([
        'gateway/jest.int.config.js',
        'services/library/jest.int.config.js',
        'tools/sandboxes/jest.int.config.js',
      ]),
    );
    expect(configs.some((config) => config.startsWith('system-tests/'))).toBe(false);
    for (const config of configs) expect(existsSync(join(repoRoot, config))).toBe(true);
  });
});
