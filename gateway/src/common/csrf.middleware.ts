import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GATEWAY_CONFIG, trustedOrigins, type GatewayConfig } from '../config/gateway-config';
import { ApiException } from './api-exception';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Stripe calls this one from its own servers; the signature check stands in for the origin check.
const EXEMPT_PATHS = new Set(['/api/webhooks/stripe']);

/**
 * Cookie sessions make every state-changing call forgeable from another site unless we check
 * where it came from: Origin, or Referer when a browser sends no Origin. Neither means refused.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  private readonly trusted: Set<string>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.trusted = trustedOrigins(config);
  }

  use(req: Request, _res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method) || EXEMPT_PATHS.has(req.path)) return next();
    const origin = req.header('origin') ?? originOf(req.header('referer'));
    if (!origin || !this.trusted.has(origin)) {
      throw new ApiException(
        403,
        'CSRF_REJECTED',
        'This request did not come from this site and was refused.',
      );
    }
    next();
  }
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
