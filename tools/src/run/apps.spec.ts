import { describe, expect, it } from 'vitest';
import { apps, startWaves } from './apps';

describe('startWaves', () => {
  it('starts every service together, and the gateway after them', () => {
    expect(startWaves(apps).map((wave) => wave.map((spec) => spec.name))).toEqual([
      ['auth', 'library', 'sharing', 'billing'],
      ['gateway'],
    ]);
  });

  it('leaves out a wave with no app in it', () => {
    const gateway = apps.filter((spec) => spec.name === 'gateway');
    expect(startWaves(gateway)).toEqual([gateway]);
    expect(startWaves([])).toEqual([]);
  });
});
