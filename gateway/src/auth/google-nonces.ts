import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { SessionCookie, cookieValue } from '../session/session-cookie';
import type { SessionResponse } from '../session/sessions';

const NONCE_COOKIE = 'promptlib.gnonce';
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
  private readonly attributes: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cookie = new SessionCookie(config.SESSION_SECRET);
    this.attributes = `; Path=/api/google-auth; HttpOnly${cookieSecure(config) ? '; Secure' : ''}; SameSite=Lax`;
  }

  async issue(res: SessionResponse): Promise<string> {
    const id = SessionCookie.newId();
    const nonce = randomBytes(24).toString('base64url');
    await this.redis.set(KEY_PREFIX + id, nonce, 'EX', NONCE_TTL_SECONDS);
    this.setCookie(res, `${encodeURIComponent(this.cookie.sign(id))}; Max-Age=${NONCE_TTL_SECONDS}`);
    return nonce;
  }

  /** The nonce this browser was given, once; null when it has none (never issued, used, or expired). */
  async take(headers: IncomingHttpHeaders, res: SessionResponse): Promise<string | null> {
    const value = cookieValue(headers.cookie, NONCE_COOKIE);
    const id = value === undefined ? undefined : this.cookie.verify(value);
    if (id === undefined) return null;
    this.setCookie(res, '; Max-Age=0');
    return this.redis.getdel(KEY_PREFIX + id);
  }

  private setCookie(res: SessionResponse, valueAndAge: string): void {
    const line = `${NONCE_COOKIE}=${valueAndAge}${this.attributes}`;
    const existing = res.getHeader('Set-Cookie');
    const others = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
      (cookie) => !cookie.startsWith(`${NONCE_COOKIE}=`),
    );
    res.setHeader('Set-Cookie', [...others, line]);
  }
}
