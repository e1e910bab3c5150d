import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type Redis from 'ioredis';
import type { IncomingHttpHeaders, OutgoingHttpHeader } from 'node:http';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { SESSION_COOKIE, SessionCookie, sessionCookieValue } from './session-cookie';
import type { SessionUser } from './session-user';

const DAY_MS = 24 * 3600 * 1000;
const KEY_PREFIX = 'sess:';
const EXPIRED = new Date(0).toUTCString();
// Cookie values whose signature checked out, so a returning browser costs no HMAC; bounded.
const VERIFIED_COOKIES_MAX = 10_000;

/** What the sessions read of a request and note on it: its headers, and who it turned out to be. */
export type SessionRequest = {
  headers: IncomingHttpHeaders;
  user: SessionUser | null;
  sessionId: string | null;
};
/** The Set-Cookie header of the answer (Node's own response, so answers written to it directly carry it). */
export type SessionResponse = {
  getHeader(name: string): OutgoingHttpHeader | undefined;
  setHeader(name: string, value: OutgoingHttpHeader): unknown;
};

/** What a session holds in Redis. `passport.user` is where sessions written before this held it. */
type StoredSession = { user?: SessionUser; passport?: { user?: SessionUser } };

/**
 * Server-side sessions in Redis, shared by every gateway replica; the browser holds only a signed
 * id in an HttpOnly, SameSite=Lax cookie. A session exists only for a signed-in user and holds
 * their small identity, so a request needs no call to the auth service.
 *
 * The idle expiry rolls: every request that finds its session renews it in Redis and in the
 * cookie. Reading and renewing are one Redis round trip (GETEX), and the session is never
 * rewritten on a read.
 */
@Injectable()
export class Sessions {
  private readonly cookie: SessionCookie;
  private readonly idleMs: number;
  private readonly ttlSeconds: number;
  private readonly cookieAttributes: string;
  private readonly verified = new Map<string, string>();
  private expiresSecond = 0;
  private expiresText = '';

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cookie = new SessionCookie(config.SESSION_SECRET);
    this.idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
    this.ttlSeconds = Math.ceil(this.idleMs / 1000);
    this.cookieAttributes = `; Path=/; HttpOnly${cookieSecure(config) ? '; Secure' : ''}; SameSite=Lax`;
  }

  /** Finds the request's session, if its cookie is one we signed and Redis still holds it. */
  async resume(req: SessionRequest, res: SessionResponse): Promise<void> {
    const value = sessionCookieValue(req.headers.cookie);
    const sessionId = value === undefined ? undefined : this.verify(value);
    if (sessionId === undefined) return;
    const stored = await this.redis.getex(KEY_PREFIX + sessionId, 'EX', this.ttlSeconds);
    const user = stored === null ? undefined : userOf(stored);
    if (!user) return;
    req.user = user;
    req.sessionId = sessionId;
    this.setCookie(res, value!, this.expires());
  }

  /**
   * Signs the user in under a new session id, never the one the browser had before (which is
   * destroyed), so an id planted before sign-in is worth nothing after it.
   */
  async open(req: SessionRequest, res: SessionResponse, user: SessionUser): Promise<void> {
    const sessionId = SessionCookie.newId();
    const sessionUser: SessionUser = {
      id: user.id,
      username: user.username,
      ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    };
    const stored: StoredSession = { user: sessionUser };
    const write = this.redis.multi();
    if (req.sessionId) write.del(KEY_PREFIX + req.sessionId);
    write.set(KEY_PREFIX + sessionId, JSON.stringify(stored), 'EX', this.ttlSeconds);
    const results = await write.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('The session write was discarded');
    req.user = sessionUser;
    req.sessionId = sessionId;
    this.setCookie(res, this.cookie.sign(sessionId), this.expires());
  }

  /** Ends the session everywhere: the Redis entry goes, so a kept copy of the cookie is dead too. */
  async close(req: SessionRequest, res: SessionResponse): Promise<void> {
    if (req.sessionId) await this.redis.del(KEY_PREFIX + req.sessionId);
    req.user = null;
    req.sessionId = null;
    this.setCookie(res, '', EXPIRED);
  }

  /** The cookie's expiry, one idle period from now: an HTTP date has whole seconds, so it is made once a second. */
  private expires(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.expiresSecond) {
      this.expiresSecond = second;
      this.expiresText = new Date(second * 1000 + this.idleMs).toUTCString();
    }
    return this.expiresText;
  }

  private verify(value: string): string | undefined {
    const known = this.verified.get(value);
    if (known !== undefined) return known;
    const sessionId = this.cookie.verify(value);
    if (sessionId === undefined) return undefined;
    if (this.verified.size >= VERIFIED_COOKIES_MAX) this.verified.clear();
    this.verified.set(value, sessionId);
    return sessionId;
  }

  /** Our cookie's one Set-Cookie line, replacing any set earlier in this response. */
  private setCookie(res: SessionResponse, value: string, expires: string): void {
    const line = `${SESSION_COOKIE}=${encodeURIComponent(value)}; Expires=${expires}${this.cookieAttributes}`;
    const existing = res.getHeader('Set-Cookie');
    const others = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
      (cookie) => !cookie.startsWith(`${SESSION_COOKIE}=`),
    );
    res.setHeader('Set-Cookie', others.length === 0 ? line : [...others, line]);
  }
}

function userOf(stored: string): SessionUser | undefined {
  try {
    const session = JSON.parse(stored) as StoredSession;
    const user = session.user ?? session.passport?.user;
    return typeof user?.id === 'number' && typeof user.username === 'string' ? user : undefined;
  } catch {
    return undefined;
  }
}
