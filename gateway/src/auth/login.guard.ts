import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ServiceCallError } from '@promptlib/platform';
import type { Request } from 'express';
import { validateBody } from '../common/validate-body';
import { RateLimits } from '../rate-limit/rate-limits';
import { credentialsDto } from './dto/credentials.dto';

/**
 * POST /api/login in the order that matters: shape (400), rate limits (429), the password check by
 * the local strategy (401/503), then a new session id for the signed-in user.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly rateLimits: RateLimits) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const credentials = validateBody(credentialsDto, req.body);
    req.body = credentials;
    await this.rateLimits.beforeLogin(req.ip ?? 'unknown', credentials.username);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof ServiceCallError && error.error.code === 'INVALID_CREDENTIALS') {
        await this.rateLimits.loginFailed(credentials.username);
      }
      throw error;
    }
    await super.logIn(req);
    await this.rateLimits.loginSucceeded(credentials.username);
    return true;
  }
}
