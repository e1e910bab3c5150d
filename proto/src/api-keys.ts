import { z } from 'zod';
import { limits } from './limits';
import { apiKeyScopes } from './api-key-rules';
import { entityId, plainText } from './text';

/**
 * Personal API keys: a program (a script, an AI client through the MCP server) acts for the user
 * with one instead of a session. The key is shown once, when it is created; only its hash is kept.
 */

export const apiKeyScope = z.enum(apiKeyScopes);

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
