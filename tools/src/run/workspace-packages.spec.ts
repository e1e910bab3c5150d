import { unitTestRunners, workspaceFolders } from './workspace-packages';

describe('the workspace packages npm test runs the unit tests of', () => {
  it('expands the workspaces, services/* included', () => {
    expect(workspaceFolders()).toEqual(
      expect.arrayContaining(['proto', 'services/library', 'tools/sandboxes']),
    );
  });

  it('gives every jest package to one jest and the web app and the extension to their own runner', () => {
    const { jestProjects, otherPackages } = unitTestRunners();
    expect(jestProjects).toEqual(
      expect.arrayContaining(['gateway', 'platform', 'services/auth', 'services/billing', 'tools']),
    );
    expect(jestProjects).not.toContain('frontend');
    expect(jestProjects).not.toContain('system-tests');
    expect(otherPackages).toEqual(['@promptlib/frontend', '@promptlib/extension']);
  });
});
