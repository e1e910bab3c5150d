import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { k6LibraryProblems, k6ScriptProblems } from './k6-checks';
import { readRepoFile, REPO_ROOT } from './deploy-files';

const scripts = readdirSync(resolve(REPO_ROOT, 'deploy/k6')).filter((name) => name.endsWith('.js'));
const text = (name: string) => readRepoFile(`deploy/k6/${name}`);

describe('deploy/k6 (parsed; k6 itself cannot be installed here)', () => {
  it('holds a smoke and a load script beside the shared library', () => {
    expect(scripts.sort()).toEqual(['lib.js', 'load.js', 'smoke.js']);
  });

  it.each(['lib.js', 'load.js', 'smoke.js'])('%s parses and imports only what k6 can load', (name) => {
    expect(k6ScriptProblems(name, text(name), scripts, name !== 'lib.js')).toEqual([]);
  });

  it('keeps the thresholds, reads BASE_URL and sends Origin as a browser does', () => {
    expect(k6LibraryProblems(text('lib.js'))).toEqual([]);
  });
});

describe('the k6 checks fail on a broken copy', () => {
  it('that does not parse, or imports a Node module', () => {
    const broken = text('smoke.js').replace(
      'export default function smoke() {',
      'export default function smoke( {',
    );
    expect(k6ScriptProblems('smoke.js', broken, scripts, true).length).toBeGreaterThan(0);
    const node = `import { readFileSync } from 'node:fs';\n${text('smoke.js')}`;
    expect(k6ScriptProblems('smoke.js', node, scripts, true)).toEqual([
      'smoke.js: imports node:fs, which k6 cannot load',
    ]);
  });

  it('that loosens a threshold or drops the Origin header', () => {
    const loose = text('lib.js')
      .replace("'p(95)<200'", "'p(95)<2000'")
      .replace('Origin: ORIGIN', 'Referer: ORIGIN');
    expect(k6LibraryProblems(loose)).toEqual([
      "lib.js lacks the threshold http_req_duration: ['p(95)<200', 'p(99)<400']",
      'lib.js does not send an Origin header',
    ]);
  });
});
