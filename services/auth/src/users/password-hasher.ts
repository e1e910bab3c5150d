import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** What the rules use of the hasher; their unit specs hand them a cheaper one. */
export type PasswordHashing = Pick<PasswordHasher, 'hash' | 'verify'>;

@Injectable()
export class PasswordHasher {
  // Verified against when the username is unknown, so that case costs exactly what a wrong password costs.
  private readonly dummyHash = argon2.hash(randomBytes(32).toString('base64'), ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a missing hash too, after doing the same work as a real check. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      await argon2.verify(await this.dummyHash, password);
      return false;
    }
    return argon2.verify(hash, password);
  }
}
