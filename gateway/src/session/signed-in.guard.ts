import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { authMessages } from '@promptlib/proto';
import type { FastifyRequest } from 'fastify';
import { KEYS_ALLOWED } from '../api-keys/keys-allowed.decorator';
import { ApiException } from '../common/api-exception';
import { RateLimits } from '../rate-limit/rate-limits';
import { sessionUserOf } from './session-user';

export const NOT_SIGNED_IN = 'You are not signed in.';

const READS = new Set(['GET', 'HEAD']);

/**
 * The user a call acts for: a session's (401 without one), or a personal API key's where the route
 * takes keys (see KeysAllowed) and the key's scope covers the method (403 otherwise).
 */
function signedInUserId(context: ExecutionContext, reflector: Reflector): number {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const user = sessionUserOf(request);
  if (!user) throw new ApiException(401, 'UNAUTHENTICATED', NOT_SIGNED_IN);
  if (request.apiKey) {
    const allowed = reflector.getAllAndOverride<boolean | undefined>(KEYS_ALLOWED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!allowed) throw new ApiException(403, 'FORBIDDEN', authMessages.apiKeyNotAllowed);
    if (request.apiKey.scope === 'read' && !READS.has(request.method))
      throw new ApiException(403, 'FORBIDDEN', authMessages.apiKeyScope);
  }
  return user.id;
}

/** Every call on a user's own data needs a session (or a key the route takes); without one it is 401. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    signedInUserId(context, this.reflector);
    return true;
  }
}

/**
 * A change to a user's own data: a session (401 without one), then the user's write allowance,
 * counted across every gateway replica (429 past it).
 */
@Injectable()
export class SignedInWriteGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimits,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.rateLimits.beforeWrite(signedInUserId(context, this.reflector));
    return true;
  }
}

/** A page of an import: a session, then the user's import allowance instead of the write allowance. */
@Injectable()
export class SignedInImportGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimits,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.rateLimits.beforeImport(signedInUserId(context, this.reflector));
    return true;
  }
}

/** The guards that demand a session, as the OpenAPI document tells them. */
export const SIGNED_IN_GUARDS: readonly unknown[] = [SignedInGuard, SignedInWriteGuard, SignedInImportGuard];
