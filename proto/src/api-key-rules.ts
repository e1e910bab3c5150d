// Apart from the schemas in api-keys.ts, so that the app can name the limits and scopes of keys
// without loading the schema library.

/** Every key starts so, for secret scanners to spot one pasted where it should not be. */
export const API_KEY_PREFIX = 'plk_';
/** Keys one user may have at once, expired ones included until they are revoked. */
export const API_KEYS_MAX = 10;
/** The longest a key may live: a year; without an expiry it lives until revoked. */
export const API_KEY_MAX_DAYS = 366;

/** What a key may do: read the library, or change it too. Neither manages keys, the account or payment. */
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Whether a presented credential could be one of ours at all: the prefix and 43 base64url characters. */
export function looksLikeApiKey(value: string): boolean {
  return /^plk_[A-Za-z0-9_-]{43}$/.test(value);
}
