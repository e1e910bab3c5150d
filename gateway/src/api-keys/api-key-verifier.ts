import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type { VerifiedApiKey } from '@promptlib/proto';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { AuthClient } from '../clients/auth.client';

// How long every replica may answer for a key without asking auth again: a program calling many
// times a second costs auth one lookup per this long. Revoking ends it at once (see forget).
const KNOWN_MS = 30_000;
// What a revoked key leaves in Redis, for longer than any answer kept of it, so that a lookup that
// was under way when it was revoked cannot store its answer again.
const REVOKED_MS = 2 * KNOWN_MS;
const REVOKED = 'revoked';

const keyOf = (hash: string) => `api-key:${hash}`;

/**
 * Who a presented API key acts for. Answers are shared by every replica through Redis for a short
 * while and forgotten everywhere the moment the key is revoked; unknown keys are never stored, so
 * guessing costs Redis nothing. Without Redis every request asks auth, as the cache is only that.
 */
@Injectable()
export class ApiKeyVerifier {
  constructor(
    private readonly auth: AuthClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async verify(key: string): Promise<VerifiedApiKey> {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    const known = await this.redis.get(keyOf(hash)).catch(() => null);
    if (known === REVOKED) return null;
    if (known !== null) {
      const holder = JSON.parse(known) as NonNullable<VerifiedApiKey>;
      if (holder.expiresAt === null || Date.parse(holder.expiresAt) > Date.now()) return holder;
      return null;
    }
    const holder = await this.auth.verifyApiKey(hash);
    if (holder) {
      const untilExpiry = holder.expiresAt === null ? KNOWN_MS : Date.parse(holder.expiresAt) - Date.now();
      const ms = Math.min(KNOWN_MS, untilExpiry);
      // NX: never over a revoked key's mark.
      if (ms > 0)
        await this.redis.set(keyOf(hash), JSON.stringify(holder), 'PX', ms, 'NX').catch(() => undefined);
    }
    return holder;
  }

  /** After a revocation: every replica refuses the key from now on. */
  async forget(hash: string): Promise<void> {
    await this.redis.set(keyOf(hash), REVOKED, 'PX', REVOKED_MS);
  }
}
