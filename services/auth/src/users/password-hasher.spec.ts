import { describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at 19 MiB, 2 iterations, 1 lane', async () => {
    const hash = await hasher.hash('violet-Harbor-71');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'violet-Harbor-71')).toBe(true);
    expect(await hasher.verify(hash, 'violet-Harbor-72')).toBe(false);
  });

  it('runs a real argon2 verification for an unknown user, against a hash of the same cost', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    expect(await hasher.verify(null, 'anything-at-all')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0][0]).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    verify.mockRestore();
  });
});
