import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { sessionUserOf } from '../auth/session-user';
import { RateLimits } from './rate-limits';

/** Changes to a library are counted per user, across every gateway replica. Runs after SignedInGuard. */
@Injectable()
export class WriteRateLimitGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = sessionUserOf(context.switchToHttp().getRequest<Request>());
    if (user) await this.rateLimits.beforeWrite(user.id);
    return true;
  }
}
