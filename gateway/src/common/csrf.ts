import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { trustedOrigins, type GatewayConfig } from '../config/gateway-config';
import { ApiException } from './api-exception';
import { pathOf } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Stripe calls this one from its own servers; the signature check stands in for the origin check.
// The MCP server never reads a session cookie: a request without a key is refused there.
const EXEMPT_PATHS = new Set(['/api/webhooks/stripe', '/mcp']);

/**
 * Cookie sessions make every state-changing call forgeable from another site unless we check
 * where it came from: Origin, or Referer when a browser sends no Origin. Neither means refused,
 * before the body is read.
 */
export function csrfCheck(config: GatewayConfig): onRequestHookHandler {
  const trusted = trustedOrigins(config);
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // A request made with an API key carries no credential a browser adds by itself.
    if (request.apiKey || SAFE_METHODS.has(request.method) || EXEMPT_PATHS.has(pathOf(request.url)))
      return done();
    const origin = header(request, 'origin') ?? originOf(header(request, 'referer'));
    if (!origin || !trusted.has(origin)) {
      return done(
        new ApiException(403, 'CSRF_REJECTED', 'This request did not come from this site and was refused.'),
      );
    }
    done();
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
