import { variablesOf } from '@promptlib/platform';
import { composeApps, readRepoFile } from './deploy-files';

/** The variable names in the first column of the README's Configuration table. */
function documentedVariables(readme: string): Set<string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]),
    );
  return new Set(names);
}

describe("README's Configuration table", () => {
  it('documents every variable an app reads', () => {
    const documented = documentedVariables(readRepoFile('README.md'));
    const undocumented = composeApps.flatMap(({ service, spec }) =>
      variablesOf(spec)
        .filter(({ name }) => !documented.has(name))
        .map(({ name }) => `${service}: ${name}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('is what the check reads (a table without a variable fails it)', () => {
    const readme = readRepoFile('README.md').replace(/^\| `SESSION_SECRET`.*\n/m, '');
    expect(documentedVariables(readme).has('SESSION_SECRET')).toBe(false);
    expect(documentedVariables(readRepoFile('README.md')).has('SESSION_SECRET')).toBe(true);
  });
});
