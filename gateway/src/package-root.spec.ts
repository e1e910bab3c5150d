import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { packageRoot, packageVersion } from './package-root';

const gateway = join(__dirname, '..');

describe('the gateway’s folder', () => {
  it('is found from any depth below it: a feature folder, dist, and dist’s one-file bundle', () => {
    expect(packageRoot(join(gateway, 'src', 'web'))).toBe(gateway);
    expect(packageRoot(join(gateway, 'dist', 'openapi'))).toBe(gateway);
    expect(packageRoot(join(gateway, 'dist'))).toBe(gateway);
    expect(packageRoot()).toBe(gateway);
  });

  it('says so when there is no package above', () => {
    expect(() => packageRoot('/')).toThrow('no package.json above /');
  });

  it('gives the version of the gateway’s package.json', () => {
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
