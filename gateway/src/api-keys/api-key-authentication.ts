import { authMessages, looksLikeApiKey } from '@promptlib/proto';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyVerifier } from './api-key-verifier';
import { ApiException } from '../common/api-exception';
import { isApiPath, pathOf } from '../common/request-path';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Sessions } from '../session/sessions';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** Where the MCP server answers: keys only, like the /api routes that take them. */
export const MCP_PATH = '/mcp';

/**
 * A request with `Authorization: Bearer <key>` acts for the key's user, within the key's scope (see
 * ApiKeyVerifier: a revoked key is refused at once by every replica). Such a request carries no ambient credential, so the CSRF check does not
 * apply to it; one that carries a session cookie as well is refused, so no request is ever read as
 * two users.
 */
export function authenticateApiKey(verifier: ApiKeyVerifier, rateLimits: RateLimits, sessions: Sessions) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const path = pathOf(request.url);
    if (header === undefined || !(isApiPath(path) || path === MCP_PATH)) return;
    const key = bearerKeyOf(header);
    if (key === undefined) throw new ApiException(401, 'UNAUTHENTICATED', authMessages.apiKeyRequired);
    if (sessions.carriesSession(request))
      throw new ApiException(400, 'VALIDATION_FAILED', authMessages.apiKeyWithSession);
    const holder = await verifier.verify(key);
    if (!holder) throw new ApiException(401, 'UNAUTHENTICATED', authMessages.apiKeyRequired);
    await rateLimits.beforeApiKeyRequest(holder.keyId);
    request.user = { id: holder.userId, username: holder.username };
    request.apiKey = { id: holder.keyId, scope: holder.scope };
  };
}

/** The API key an `Authorization` header carries, if it carries one of the right shape. */
export function bearerKeyOf(header: string | undefined): string | undefined {
  const key = header === undefined ? undefined : BEARER.exec(header)?.[1];
  return key !== undefined && looksLikeApiKey(key) ? key : undefined;
}
