import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, pathOf } from '../common/request-path';
import { MCP_PATH } from './api-key-authentication';

// How long a browser may keep a preflight's answer before asking again.
const PREFLIGHT_MAX_AGE_SECONDS = 600;
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, MCP-Protocol-Version, Last-Event-ID';

const keyPath = (request: FastifyRequest) => {
  const path = pathOf(request.url);
  return isApiPath(path) || path === MCP_PATH;
};

/**
 * Calls made with a personal API key may come from any web origin: a browser extension's, a web
 * AI client's. They carry the key and no ambient credential (a call with a session cookie as well
 * is refused, see authenticateApiKey), so another site gains nothing it did not already hold: the
 * answer is shared with any origin (`*`, never with credentials). A preflight is answered for a
 * call that will carry `Authorization` only; a browser's own cookie-signed calls stay same-origin.
 * Runs before the key is checked, so a refused key's 401 is readable too (not a network error).
 */
export async function crossOriginKeys(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | void> {
  if (request.headers.origin === undefined || !keyPath(request)) return;
  const preflightHeaders = request.headers['access-control-request-headers'];
  if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
    const asked = (preflightHeaders ?? '').split(',').map((name) => name.trim().toLowerCase());
    if (!asked.includes('authorization')) return;
    return reply
      .status(204)
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE')
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  }
  // On the Node response, so that answers written straight to it (the MCP server's, the error of
  // a failed hook, the streamed prompt list) carry it too.
  if (request.headers.authorization !== undefined) {
    reply.raw.setHeader('Access-Control-Allow-Origin', '*');
    reply.raw.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
  }
}
