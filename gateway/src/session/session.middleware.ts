import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import RedisStore from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type Redis from 'ioredis';
import passport from 'passport';
import { ApiException } from '../common/api-exception';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';

export const SESSION_COOKIE = 'promptlib.sid';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Server-side sessions in Redis, shared by every gateway replica; the browser holds only a signed
 * id in an HttpOnly, SameSite=Lax cookie. Each request renews the idle expiry (rolling).
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handlers: RequestHandler[];

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
    this.handlers = [
      session({
        name: SESSION_COOKIE,
        secret: config.SESSION_SECRET,
        store: new RedisStore({ client: redis, prefix: 'sess:', ttl: Math.ceil(idleMs / 1000) }),
        resave: false,
        saveUninitialized: false,
        rolling: true,
        cookie: sessionCookieOptions(config, idleMs),
      }),
      passport.initialize(),
      passport.session(),
    ];
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      for (const handler of this.handlers) {
        await new Promise<void>((resolve, reject) =>
          handler(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
        );
      }
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

export function sessionCookieOptions(config: GatewayConfig, maxAge?: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: cookieSecure(config), path: '/', maxAge };
}
