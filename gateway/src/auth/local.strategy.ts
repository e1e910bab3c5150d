import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { AuthClient } from './auth.client';
import type { SessionUser } from './session-user';

/** Username and password checked by the auth service; its typed error (401 or 503) passes through. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthClient) {
    super({ passReqToCallback: true });
  }

  validate(req: Request, username: string, password: string): Promise<SessionUser> {
    return this.auth.verifyPassword({ username, password }, req.id);
  }
}
