import { z } from 'zod';
import { limits } from './limits';
import { entityId, plainText } from './text';

/**
 * Personal API keys: a program (a script, an AI client through the MCP server) acts for the user
 * with one instead of a session. The key is shown once, when it is created; only its hash is kept.
 */

/** Every key starts so, for secret scanners to spot one pasted where it should not be. */
export const API_KEY_PREFIX = 'plk_';
/** Keys one user may have at once (revoked and expired ones aside). */
export const API_KEYS_MAX = 10;
/** The longest a key may live: a year; without an expiry it lives until revoked. */
export const API_KEY_MAX_DAYS = 366;

/** What a key may do: read the library, or change it too. Neither manages keys, the account or payment. */
export const apiKeyScopes = ['read', 'write'] as const;
export const apiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.output<typeof apiKeyScope>;

/** POST /api/api-keys. */
export const createApiKeyBody = z.strictObject({
  name: plainText('Name').max(limits.apiKeyName.max * 4),
  scope: apiKeyScope,
  /** When the key stops working (ISO 8601); null or left out: when it is revoked. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** A key as the list shows it: never the key itself, only the start of it, to tell keys apart. */
export const apiKeySummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scope: apiKeyScope,
  /** The key's first characters, e.g. `plk_Ab3x`. */
  start: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.output<typeof apiKeySummary>;

/** The create answer: the one time the key is shown. */
export const createdApiKey = apiKeySummary.extend({ key: z.string() });
export type CreatedApiKey = z.output<typeof createdApiKey>;

export const createApiKeyRequest = createApiKeyBody.extend({ userId: entityId });
export const apiKeyRequest = z.object({ userId: entityId, id: entityId });

/** Whether a presented credential could be one of ours at all: the prefix and 43 base64url characters. */
export function looksLikeApiKey(value: string): boolean {
  return /^plk_[A-Za-z0-9_-]{43}$/.test(value);
}

/** The gateway asks who a presented key acts for, by the key's hash; the key never leaves it. */
export const verifyApiKeyRequest = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
export const verifiedApiKey = z
  .object({
    keyId: z.number().int().positive(),
    userId: z.number().int().positive(),
    username: z.string(),
    scope: apiKeyScope,
    /** When the key stops working (ISO 8601), null for never: no one may keep its answer past that. */
    expiresAt: z.string().nullable(),
  })
  .nullable();
export type VerifiedApiKey = z.output<typeof verifiedApiKey>;

/** A revoked key's hash, for the gateways to forget what they knew of it. */
export const revokedApiKey = z.object({ hash: z.string() });
export type RevokedApiKey = z.output<typeof revokedApiKey>;
