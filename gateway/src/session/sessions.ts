import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type { ChainableCommander, default as Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { cookieName, setCookieLine, type CookieResponse } from '../common/cookies';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { SESSION_COOKIE, SessionCookie, cookieValue } from './session-cookie';
import type { SessionUser } from './session-user';

const DAY_MS = 24 * 3600 * 1000;
const KEY_PREFIX = 'sess:';
// A sorted set per user: their session ids, each scored with when it was last seen active (ms).
const INDEX_PREFIX = 'usess:';
// How often a session's activity is written to its user's index: the Account page shows it to the minute.
const ACTIVITY_WRITE_MS = 60_000;
// Sessions whose activity was noted recently, so a busy browser costs no index write per request; bounded.
const NOTED_SESSIONS_MAX = 10_000;
// A user agent is shown, never parsed for anything that matters: a longer one is cut.
const DEVICE_MAX = 256;
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
type StoredSession = {
  user?: SessionUser;
  openedAt?: number;
  /** The browser's User-Agent at sign-in. */
  device?: string;
  passport?: { user?: SessionUser };
};
type ResumedSession = { user: SessionUser; openedAt: number | undefined; device: string | null };

/** One of a user's sessions as the Account page lists it; `id` is not the session's secret id. */
export type OpenSession = {
  id: string;
  device: string | null;
  openedAt: number | null;
  lastActiveAt: number;
  current: boolean;
};

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
 *
 * Each user's sessions are indexed (a sorted set by last activity, written at most once a minute
 * per session and replica), so the user can see them and end any. The index cleans itself: an
 * entry older than the idle expiry is dropped on the next write, one whose session is gone when it
 * is next listed, and the whole index expires with the user's last session.
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
  private readonly activityNoted = new Map<string, number>();
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
    await this.noteActivity(session.user.id, sessionId, now);
  }

  /** Whether the session is still open: not signed out, ended from another device or expired. */
  async isOpen(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(KEY_PREFIX + sessionId)) === 1;
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
    const now = Date.now();
    const device = deviceOf(req.headers);
    const stored: StoredSession = { user: sessionUser, openedAt: now, ...(device ? { device } : {}) };
    const write = this.redis.multi();
    if (req.sessionId) {
      write.del(KEY_PREFIX + req.sessionId);
      if (req.user) write.zrem(INDEX_PREFIX + req.user.id, req.sessionId);
    }
    write.set(KEY_PREFIX + sessionId, JSON.stringify(stored), 'EX', this.ttlSeconds);
    this.indexActivity(write, user.id, sessionId, now);
    const results = await write.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('The session write was discarded');
    this.remember(sessionId, now);
    req.user = sessionUser;
    req.sessionId = sessionId;
    this.setCookie(res, this.cookie.sign(sessionId), this.expires());
  }

  /** Ends the session everywhere: the Redis entry goes, so a kept copy of the cookie is dead too. */
  async close(req: SessionRequest, res: SessionResponse): Promise<void> {
    if (req.sessionId) await this.endSessions(req.user?.id ?? null, [req.sessionId]);
    req.user = null;
    req.sessionId = null;
    this.setCookie(res, '', EXPIRED);
  }

  /**
   * The user's open sessions, the one making the request first, then by last activity. Entries
   * whose session has ended are dropped from the index on the way.
   */
  async list(userId: number, currentSessionId: string | null): Promise<OpenSession[]> {
    const index = INDEX_PREFIX + userId;
    const scored = await this.redis.zrange(index, 0, -1, 'WITHSCORES');
    if (scored.length === 0) return [];
    const ids: string[] = [];
    const lastSeen: number[] = [];
    for (let at = 0; at < scored.length; at += 2) {
      ids.push(scored[at]!);
      lastSeen.push(Number(scored[at + 1]));
    }
    const stored = await this.redis.mget(ids.map((id) => KEY_PREFIX + id));
    const summaries: OpenSession[] = [];
    const ended: string[] = [];
    const now = Date.now();
    ids.forEach((sessionId, at) => {
      const session = stored[at] ? sessionOf(stored[at]!) : undefined;
      if (!session || session.user.id !== userId) {
        ended.push(sessionId);
        return;
      }
      const current = sessionId === currentSessionId;
      summaries.push({
        id: publicSessionId(sessionId),
        device: session.device,
        openedAt: session.openedAt ?? null,
        lastActiveAt: current ? now : lastSeen[at]!,
        current,
      });
    });
    if (ended.length > 0) await this.redis.zrem(index, ...ended);
    return summaries.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt - a.lastActiveAt);
  }

  /**
   * Ends one of the user's sessions, named by its public id; false when they have none by that id.
   * The request's own session is ended as close() ends it, its cookie expired.
   */
  async end(req: SessionRequest, res: SessionResponse, userId: number, publicId: string): Promise<boolean> {
    const indexed = await this.redis.zrange(INDEX_PREFIX + userId, 0, -1);
    const sessionId = indexed.find((id) => publicSessionId(id) === publicId);
    if (sessionId === undefined) return false;
    if (sessionId === req.sessionId) {
      await this.close(req, res);
      return true;
    }
    return (await this.endSessions(userId, [sessionId])) === 1;
  }

  /** Ends every session of the user but `keep` (the request's own): the number ended. */
  async endOthers(userId: number, keep: string | null): Promise<number> {
    const others = (await this.redis.zrange(INDEX_PREFIX + userId, 0, -1)).filter((id) => id !== keep);
    return others.length === 0 ? 0 : this.endSessions(userId, others);
  }

  /**
   * Deletes the sessions, and their entries in the user's index (when the user is known), in one
   * round trip; answers how many sessions were still there.
   */
  private async endSessions(userId: number | null, sessionIds: string[]): Promise<number> {
    const write = this.redis.multi().del(...sessionIds.map((id) => KEY_PREFIX + id));
    if (userId !== null) write.zrem(INDEX_PREFIX + userId, ...sessionIds);
    const results = await write.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('Ending the sessions was discarded');
    return Number(results[0]![1]);
  }

  /** Writes the session's activity to its user's index, at most once a minute. */
  private async noteActivity(userId: number, sessionId: string, now: number): Promise<void> {
    if (now - (this.activityNoted.get(sessionId) ?? 0) < ACTIVITY_WRITE_MS) return;
    const write = this.redis.multi();
    this.indexActivity(write, userId, sessionId, now);
    await write.exec();
    this.remember(sessionId, now);
  }

  private indexActivity(write: ChainableCommander, userId: number, sessionId: string, now: number): void {
    const index = INDEX_PREFIX + userId;
    // An entry not seen for an idle period (and the minute its activity may go unwritten) has expired.
    const indexTtlMs = this.idleMs + 2 * ACTIVITY_WRITE_MS;
    write.zadd(index, now, sessionId);
    write.zremrangebyscore(index, '-inf', now - indexTtlMs);
    write.pexpire(index, indexTtlMs);
  }

  private remember(sessionId: string, now: number): void {
    if (this.activityNoted.size >= NOTED_SESSIONS_MAX) this.activityNoted.clear();
    this.activityNoted.set(sessionId, now);
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
    return {
      user,
      openedAt: typeof session.openedAt === 'number' ? session.openedAt : undefined,
      device: typeof session.device === 'string' ? session.device : null,
    };
  } catch {
    return undefined;
  }
}

/**
 * What the browser says it is, as it signed in. Only shown to the user (the Account page names the
 * browser and system from it); nothing decides on it.
 */
function deviceOf(headers: IncomingHttpHeaders): string | undefined {
  const agent = headers['user-agent'];
  return typeof agent === 'string' && agent.trim() !== '' ? agent.trim().slice(0, DEVICE_MAX) : undefined;
}

/**
 * The id a session is shown and ended by: a digest of its secret id, which never leaves the
 * cookie, so a page that lists sessions hands out nothing that signs anyone in.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}
