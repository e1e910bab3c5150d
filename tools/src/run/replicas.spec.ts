import { describe, expect, it } from 'vitest';
import { replicasOf } from './replicas';

describe('replicasOf', () => {
  it('reads --replicas N and --replicas=N, and is 1 without it', () => {
    expect(replicasOf([])).toBe(1);
    expect(replicasOf(['--replicas', '2'])).toBe(2);
    expect(replicasOf(['--replicas=3'])).toBe(3);
  });

  it('refuses what is not a replica count, and unknown arguments', () => {
    expect(() => replicasOf(['--replicas'])).toThrow(
      '--replicas must be a whole number from 1 to 8, not "".',
    );
    expect(() => replicasOf(['--replicas', '0'])).toThrow(/not "0"/);
    expect(() => replicasOf(['--replicas', '2.5'])).toThrow(/not "2.5"/);
    expect(() => replicasOf(['--replicas', '9'])).toThrow(/not "9"/);
    expect(() => replicasOf(['--replica', '2'])).toThrow(
      'Unknown argument "--replica": npm start takes only --replicas N.',
    );
  });
});
