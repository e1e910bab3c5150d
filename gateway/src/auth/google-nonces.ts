import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { cookieName, setCookieLine, type CookieResponse } from '../common/cookies';
import { SessionCookie, cookieValue } from '../session/session-cookie';

const KEY_PREFIX = 'gnonce:';
// Long enough to choose an account in the popup; a nonce not used by then is gone.
const NONCE_TTL_SECONDS = 600;

/**
 * The nonce a Google sign-in must carry, issued to this visitor before anyone is signed in: kept
 * in Redis under a random id that only this browser holds (a signed, HttpOnly cookie scoped to the
 * sign-in call), and taken on first use, so a token can be redeemed once and only by the browser
 * that started the sign-in.
 */
@Injectable()
export class GoogleNonces {
  private readonly cookie: SessionCookie;
  private readonly name: string;
  private readonly attributes: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cookie = new SessionCookie(config.SESSION_SECRET);
    const secure = cookieSecure(config);
    this.name = cookieName('promptlib.gnonce', secure, 'narrower');
    this.attributes = `; Path=/api/google-auth; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
  }

  async issue(res: CookieResponse): Promise<string> {
    const id = SessionCookie.newId();
    const nonce = randomBytes(24).toString('base64url');
    await this.redis.set(KEY_PREFIX + id, nonce, 'EX', NONCE_TTL_SECONDS);
    this.setCookie(res, `${encodeURIComponent(this.cookie.sign(id))}; Max-Age=${NONCE_TTL_SECONDS}`);
    return nonce;
  }

  /** The nonce this browser was given, once; null when it has none (never issued, used, or expired). */
  async take(headers: IncomingHttpHeaders, res: CookieResponse): Promise<string | null> {
    const value = cookieValue(headers.cookie, this.name);
    const id = value === undefined ? undefined : this.cookie.verify(value);
    if (id === undefined) return null;
    this.setCookie(res, '; Max-Age=0');
    return this.redis.getdel(KEY_PREFIX + id);
  }

  private setCookie(res: CookieResponse, valueAndAge: string): void {
    setCookieLine(res, this.name, `${this.name}=${valueAndAge}${this.attributes}`);
  }
}
