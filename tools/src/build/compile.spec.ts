import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import 'reflect-metadata';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../run/exec';

const COMPILE = join(repoRoot, 'tools', 'build', 'compile.mjs');

describe('the Node packages’ build (tools/build/compile.mjs)', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'compile-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(path: string, text: string): void {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  function compile(): void {
    const result = spawnSync(process.execPath, [COMPILE, 'src', 'dist'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }

  it('compiles each source file to CommonJS with a source map, and leaves specs and declarations out', () => {
    write('src/index.ts', "export { twice } from './math/twice';\n");
    write('src/math/twice.ts', 'export const twice = (n: number): number => n * 2;\n');
    write('src/math/twice.spec.ts', "it('is left out', () => undefined);\n");
    write('test/twice.int-spec.ts', "it('is not under src', () => undefined);\n");
    write('src/globals.d.ts', 'declare const LEFT_OUT: string;\n');
    compile();

    expect(existsSync(join(root, 'dist/math/twice.spec.js'))).toBe(false);
    expect(existsSync(join(root, 'dist/globals.d.js'))).toBe(false);
    expect(existsSync(join(root, 'dist/globals.js'))).toBe(false);
    const map = JSON.parse(readFileSync(join(root, 'dist/math/twice.js.map'), 'utf8')) as {
      sources: string[];
    };
    expect(map.sources).toEqual(['../../src/math/twice.ts']);
    expect(readFileSync(join(root, 'dist/math/twice.js'), 'utf8')).toContain(
      '//# sourceMappingURL=twice.js.map',
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled output, as Node loads it
    const compiled = require(join(root, 'dist/index.js')) as { twice: (n: number) => number };
    expect(compiled.twice(21)).toBe(42);
  });

  it('keeps decorators and the parameter types Nest injects by', () => {
    write(
      'src/injected.ts',
      [
        'const Injectable = (): ClassDecorator => () => undefined;',
        'export class Clock {}',
        '@Injectable()',
        'export class Greeter {',
        '  constructor(readonly clock: Clock) {}',
        '}',
      ].join('\n'),
    );
    compile();

    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled output, as Node loads it
    const { Greeter, Clock } = require(join(root, 'dist/injected.js')) as Record<string, object>;
    expect(Reflect.getMetadata('design:paramtypes', Greeter)).toEqual([Clock]);
  });

  it('removes output whose source is gone', () => {
    write('src/kept.ts', 'export const kept = 1;\n');
    write('src/renamed.ts', 'export const renamed = 1;\n');
    compile();
    rmSync(join(root, 'src/renamed.ts'));
    compile();

    expect(existsSync(join(root, 'dist/kept.js'))).toBe(true);
    expect(existsSync(join(root, 'dist/renamed.js'))).toBe(false);
    expect(existsSync(join(root, 'dist/renamed.js.map'))).toBe(false);
  });
});
