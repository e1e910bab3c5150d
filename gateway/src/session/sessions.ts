import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type Redis from 'ioredis';
import type { IncomingHttpHeaders } from 'node:http';
import { cookieName, setCookieLine, type CookieResponse } from '../common/cookies';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { SESSION_COOKIE, SessionCookie, cookieValue } from './session-cookie';
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
export type SessionResponse = CookieResponse;

/**
 * What a session holds in Redis: the user, and when they signed in (ms since the epoch). `passport.user`
 * is where sessions written before this held the user.
 */
type StoredSession = { user?: SessionUser; openedAt?: number; passport?: { user?: SessionUser } };
type ResumedSession = { user: SessionUser; openedAt: number | undefined };

/**
 * Server-side sessions in Redis, shared by every gateway replica; the browser holds only a signed
 * id in an HttpOnly, SameSite=Lax cookie (`__Host-` prefixed when Secure). A session exists only
 * for a signed-in user and holds their small identity, so a request needs no call to the auth
 * service.
 *
 * The idle expiry rolls: every request that finds its session renews it in Redis and in the
 * cookie. Reading and renewing are one Redis round trip (GETEX), and the session is never
 * rewritten on a read. A session also ends SESSION_MAX_DAYS after sign-in however often it is
 * used, so a stolen cookie is not good forever.
 */
@Injectable()
export class Sessions {
  private readonly cookie: SessionCookie;
  private readonly cookieName: string;
  private readonly idleMs: number;
  private readonly maxMs: number;
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
    this.maxMs = config.SESSION_MAX_DAYS * DAY_MS;
    this.ttlSeconds = Math.ceil(this.idleMs / 1000);
    const secure = cookieSecure(config);
    this.cookieName = cookieName(SESSION_COOKIE, secure);
    this.cookieAttributes = `; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
  }

  /** Finds the request's session, if its cookie is one we signed and Redis still holds it. */
  /** Whether the request carries a session cookie at all, valid or not. */
  carriesSession(req: SessionRequest): boolean {
    return cookieValue(req.headers.cookie, this.cookieName) !== undefined;
  }

  async resume(req: SessionRequest, res: SessionResponse): Promise<void> {
    const value = cookieValue(req.headers.cookie, this.cookieName);
    const sessionId = value === undefined ? undefined : this.verify(value);
    if (sessionId === undefined) return;
    const key = KEY_PREFIX + sessionId;
    const stored = await this.redis.getex(key, 'EX', this.ttlSeconds);
    const session = stored === null ? undefined : sessionOf(stored);
    if (!session) return;
    const now = Date.now();
    let endsAt = (session.openedAt ?? now) + this.maxMs;
    if (session.openedAt === undefined) {
      // A session from before sign-in times were kept: its lifetime counts from now.
      await this.redis.set(key, JSON.stringify({ user: session.user, openedAt: now }), 'KEEPTTL', 'XX');
    } else if (endsAt <= now) {
      await this.redis.del(key);
      this.setCookie(res, '', EXPIRED);
      return;
    }
    if (endsAt < now + this.idleMs) {
      // The last idle period before the absolute end: Redis forgets the session at that end.
      await this.redis.pexpireat(key, endsAt);
    } else {
      endsAt = 0;
    }
    req.user = session.user;
    req.sessionId = sessionId;
    this.setCookie(res, value!, endsAt === 0 ? this.expires() : new Date(endsAt).toUTCString());
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
    const stored: StoredSession = { user: sessionUser, openedAt: Date.now() };
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
    const line = `${this.cookieName}=${encodeURIComponent(value)}; Expires=${expires}${this.cookieAttributes}`;
    setCookieLine(res, this.cookieName, line);
  }
}

function sessionOf(stored: string): ResumedSession | undefined {
  try {
    const session = JSON.parse(stored) as StoredSession;
    const user = session.user ?? session.passport?.user;
    if (typeof user?.id !== 'number' || typeof user.username !== 'string') return undefined;
    return { user, openedAt: typeof session.openedAt === 'number' ? session.openedAt : undefined };
  } catch {
    return undefined;
  }
}
