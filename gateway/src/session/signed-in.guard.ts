import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception';
import { RateLimits } from '../rate-limit/rate-limits';
import { sessionUserOf } from './session-user';

export const NOT_SIGNED_IN = 'You are not signed in.';

function signedInUserId(context: ExecutionContext): number {
  const user = sessionUserOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!user) throw new ApiException(401, 'UNAUTHENTICATED', NOT_SIGNED_IN);
  return user.id;
}

/** Every call on a user's own data needs a session; without one it is 401. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    signedInUserId(context);
    return true;
  }
}

/**
 * A change to a user's own data: a session (401 without one), then the user's write allowance,
 * counted across every gateway replica (429 past it).
 */
@Injectable()
export class SignedInWriteGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.rateLimits.beforeWrite(signedInUserId(context));
    return true;
  }
}

/** A page of an import: a session, then the user's import allowance instead of the write allowance. */
@Injectable()
export class SignedInImportGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.rateLimits.beforeImport(signedInUserId(context));
    return true;
  }
}

/** The guards that demand a session, as the OpenAPI document tells them. */
export const SIGNED_IN_GUARDS: readonly unknown[] = [SignedInGuard, SignedInWriteGuard, SignedInImportGuard];
