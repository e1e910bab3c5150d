import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { GatewayConfig } from '../config/gateway-config';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * No inline script may run: the SPA ships as files from our origin. Inline styles stay allowed
 * because emotion (MUI) injects them. The opener policy keeps the Google sign-in popup able to
 * report back to the page that opened it.
 */
export function helmetOptions(config: GatewayConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity:
      config.NODE_ENV === 'production' ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  };
}

/** Helmet's headers on every answer, set on the Node response so that answers written to it directly carry them. */
export function securityHeaders(config: GatewayConfig): onRequestHookHandler {
  const secure = helmet(helmetOptions(config));
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    secure(request.raw, reply.raw, (error) => done(error as Error | undefined));
  };
}
