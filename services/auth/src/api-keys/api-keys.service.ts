import { notFound, serviceError } from '@promptlib/platform';
import {
  API_KEYS_MAX,
  authMessages,
  type ApiKeySummary,
  type CreatedApiKey,
  type RevokedApiKey,
  type VerifiedApiKey,
} from '@promptlib/proto';
import type { AuthData } from '../auth-data';
import { apiKeyProblems, newApiKey } from './api-key-rules';

export type CreateApiKey = {
  userId: number;
  name: string;
  scope: 'read' | 'write';
  expiresAt?: string | null;
};

/** Personal API keys: at most 10 a user, each shown once and kept as a hash. */
export class ApiKeysService {
  constructor(
    private readonly data: AuthData,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(request: CreateApiKey): Promise<CreatedApiKey> {
    const checked = apiKeyProblems(request.name, request.expiresAt, this.clock());
    if ('problems' in checked)
      throw serviceError('VALIDATION_FAILED', Object.values(checked.problems)[0]!.message, checked.problems);
    const { key, start, hash } = newApiKey();
    const summary = await this.data.transaction(async (tx) => {
      const count = await tx.apiKeys.lockAndCount(request.userId);
      if (count === null) throw notFound('user');
      if (count >= API_KEYS_MAX)
        throw serviceError('API_KEY_LIMIT_REACHED', authMessages.apiKeyLimit, undefined, {
          limit: API_KEYS_MAX,
        });
      return tx.apiKeys.insert({
        userId: request.userId,
        name: checked.name,
        scope: request.scope,
        start,
        hash,
        expiresAt: checked.expiresAt,
      });
    });
    return { ...summary, key };
  }

  list(userId: number): Promise<ApiKeySummary[]> {
    return this.data.direct.apiKeys.list(userId);
  }

  /** A revoked key is gone; its hash is answered for the gateways to forget what they knew of it. */
  async revoke(userId: number, keyId: number): Promise<RevokedApiKey> {
    const hash = await this.data.direct.apiKeys.delete(userId, keyId);
    if (hash === null) throw notFound('apiKey');
    return { hash };
  }

  /** Who the key with this hash acts for, null for none (unknown, revoked or expired). */
  verify(hash: string): Promise<VerifiedApiKey> {
    return this.data.direct.apiKeys.use(hash, this.clock());
  }
}
