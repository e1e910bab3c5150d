import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiException } from '../common/api-exception';
import { Sessions } from './sessions';

/** Who is signed in, for every API call; without Redis nobody can be, which is a 503, not a 401. */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(private readonly sessions: Sessions) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      await this.sessions.resume(req, res);
    } catch (error) {
      throw new ApiException(
        503,
        'SERVICE_UNAVAILABLE',
        'Sign-in is temporarily unavailable. Please try again in a moment.',
        undefined,
        { cause: error },
      );
    }
    next();
  }
}
