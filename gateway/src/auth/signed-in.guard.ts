import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception';

export const NOT_SIGNED_IN = 'You are not signed in.';

/** Every call on a user's own data needs a session; without one it is 401. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<Request>().isAuthenticated()) return true;
    throw new ApiException(401, 'UNAUTHENTICATED', NOT_SIGNED_IN);
  }
}
