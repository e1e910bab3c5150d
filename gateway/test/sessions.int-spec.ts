import Redis from 'ioredis';
import { createLogger, createRedis } from '@promptlib/platform';
import { freePort } from '@promptlib/platform/testing';
import { toApiError } from '../src/common/api-exception.filter';
import type { GatewayConfig } from '../src/config/gateway-config';
import { SESSION_COOKIE, SessionCookie } from '../src/session/session-cookie';
import {
  publicSessionId,
  Sessions,
  type SessionRequest,
  type SessionResponse,
} from '../src/session/sessions';
import { removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';

/** A request and a response as the session code sees them: headers read and written. */
function exchange(cookie?: string, userAgent?: string) {
  const headers = new Map<string, string | string[]>();
  const req: SessionRequest = {
    headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    user: null,
    sessionId: null,
  };
  const res: SessionResponse = {
    getHeader: (name) => headers.get(name.toLowerCase()),
    setHeader: (name, value) => headers.set(name.toLowerCase(), value as string | string[]),
  };
  const setCookie = () => [headers.get('set-cookie') ?? []].flat();
  return { req, res, setCookie };
}

function cookieOf(lines: string[]): string {
  const line = lines.find((candidate) => candidate.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error('No session cookie was set');
  return line.split(';')[0];
}

describe('sessions in Redis', () => {
  let config: GatewayConfig;
  let redis: Redis;
  let sessions: Sessions;
  let commands: string[];

  beforeAll(() => {
    config = testConfig(testNamespace('sessions'));
    redis = new Redis(config.REDIS_URL, { keyPrefix: `${config.APP_NAMESPACE}:` });
    // Every command the session code sends, to hold it to one round trip per request.
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      commands.push(command.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof redis.sendCommand;
    sessions = new Sessions(redis, config);
  });

  beforeEach(() => {
    commands = [];
  });

  afterAll(async () => {
    redis.disconnect();
    await removeNamespaceData(config);
  });

  async function signedIn() {
    const first = exchange();
    await sessions.open(first.req, first.res, { id: 7, username: 'ada' });
    return cookieOf(first.setCookie());
  }

  it('finds the signed-in user with one Redis command that also renews the idle expiry', async () => {
    const cookie = await signedIn();
    const sessionId = sessionIdOf(cookie);
    await redis.expire(`sess:${sessionId}`, 60);
    commands = [];

    const { req, res, setCookie } = exchange(`theme=dark; ${cookie}`);
    await sessions.resume(req, res);

    expect(req.user).toEqual({ id: 7, username: 'ada' });
    expect(commands).toEqual(['getex']);
    expect(await redis.ttl(`sess:${sessionId}`)).toBeGreaterThan(config.SESSION_IDLE_DAYS * 86_400 - 60);
    // The same signed value goes back with a new expiry: the cookie rolls as the session does.
    expect(cookieOf(setCookie())).toBe(cookie);
    expect(setCookie()[0]).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('answers nobody, without asking Redis, for a cookie it did not sign', async () => {
    const forged = new SessionCookie('someone-elses-secret-of-32-characters!!').sign('anything');
    const { req, res, setCookie } = exchange(`${SESSION_COOKIE}=${encodeURIComponent(forged)}`);
    await sessions.resume(req, res);
    expect(req.user).toBeNull();
    expect(commands).toEqual([]);
    expect(setCookie()).toEqual([]);
  });

  it('keeps working for a session express-session and passport wrote before', async () => {
    const sessionId = SessionCookie.newId();
    const legacy = {
      cookie: { originalMaxAge: 1_209_600_000, expires: new Date().toISOString(), httpOnly: true, path: '/' },
      passport: { user: { id: 11, username: 'grace', photoURL: 'https://example.com/g.png' } },
    };
    await redis.set(`sess:${sessionId}`, JSON.stringify(legacy), 'EX', 600);
    const signed = new SessionCookie(config.SESSION_SECRET).sign(sessionId);
    const { req, res } = exchange(`${SESSION_COOKIE}=${encodeURIComponent(signed)}`);
    await sessions.resume(req, res);
    expect(req.user).toEqual({ id: 11, username: 'grace', photoURL: 'https://example.com/g.png' });
  });

  it('treats an entry it cannot read as no session', async () => {
    const sessionId = SessionCookie.newId();
    await redis.set(`sess:${sessionId}`, '{not json', 'EX', 600);
    const signed = new SessionCookie(config.SESSION_SECRET).sign(sessionId);
    const { req, res } = exchange(`${SESSION_COOKIE}=${encodeURIComponent(signed)}`);
    await sessions.resume(req, res);
    expect(req.user).toBeNull();
  });

  it('signs in under a new id and destroys the one the browser had, index entries included, in one round trip', async () => {
    const before = await signedIn();
    const { req, res } = exchange(before);
    await sessions.resume(req, res);
    commands = [];

    await sessions.open(req, res, { id: 8, username: 'lin' });
    expect(commands).toEqual(['multi', 'del', 'zrem', 'set', 'zadd', 'zremrangebyscore', 'pexpire', 'exec']);
    const after = cookieOf([res.getHeader('Set-Cookie') as string].flat());
    expect(after).not.toBe(before);
    expect(await redis.zrange('usess:8', 0, -1)).toEqual([sessionIdOf(after)]);
    expect(await redis.zrange('usess:7', 0, -1)).not.toContain(sessionIdOf(before));

    expect(await redis.exists(`sess:${sessionIdOf(before)}`)).toBe(0);
    expect(JSON.parse((await redis.get(`sess:${sessionIdOf(after)}`))!)).toEqual({
      user: { id: 8, username: 'lin' },
      openedAt: expect.any(Number),
    });
    // One Set-Cookie line for our cookie, the new one.
    expect([res.getHeader('Set-Cookie')].flat()).toHaveLength(1);
  });

  it('signs out everywhere: the entry is gone and the cookie expires', async () => {
    const cookie = await signedIn();
    const { req, res, setCookie } = exchange(cookie);
    await sessions.resume(req, res);
    await sessions.close(req, res);
    expect(req.user).toBeNull();
    expect(await redis.exists(`sess:${sessionIdOf(cookie)}`)).toBe(0);
    expect(setCookie()).toEqual([
      `${SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax`,
    ]);

    const again = exchange(cookie);
    await sessions.resume(again.req, again.res);
    expect(again.req.user).toBeNull();
  });

  describe('each user’s sessions', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

    async function signIn(userId: number, userAgent?: string) {
      const first = exchange(undefined, userAgent);
      await sessions.open(first.req, first.res, { id: userId, username: `user${userId}` });
      const cookie = cookieOf(first.setCookie());
      return { cookie, sessionId: sessionIdOf(cookie), publicId: publicSessionId(sessionIdOf(cookie)) };
    }

    async function resumed(cookie: string) {
      const { req, res } = exchange(cookie);
      await sessions.resume(req, res);
      return req;
    }

    it('lists them with the browser they came from, this one first, and drops those that ended', async () => {
      const laptop = await signIn(21, chrome);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const phone = await signIn(21, firefox);
      await signIn(22, chrome);

      const listed = await sessions.list(21, laptop.sessionId);
      expect(listed).toEqual([
        {
          id: laptop.publicId,
          device: chrome,
          openedAt: expect.any(Number),
          lastActiveAt: expect.any(Number),
          current: true,
        },
        {
          id: phone.publicId,
          device: firefox,
          openedAt: expect.any(Number),
          lastActiveAt: expect.any(Number),
          current: false,
        },
      ]);
      // The secret id is never what is listed.
      expect(JSON.stringify(listed)).not.toContain(laptop.sessionId);

      // A session that expired is dropped from the index as the list finds it gone.
      await redis.del(`sess:${phone.sessionId}`);
      expect((await sessions.list(21, laptop.sessionId)).map((session) => session.id)).toEqual([
        laptop.publicId,
      ]);
      expect(await redis.zrange('usess:21', 0, -1)).toEqual([laptop.sessionId]);
      // The index lives as long as the idle expiry (and the minute activity may go unwritten).
      const indexTtl = await redis.pttl('usess:21');
      expect(Math.abs(indexTtl - (config.SESSION_IDLE_DAYS * DAY_MS + 120_000))).toBeLessThan(5_000);
    });

    it('notes a session’s activity in the index at most once a minute', async () => {
      const { sessionId, cookie } = await storedSession(60_000, 23);
      commands = [];
      await resumed(cookie);
      expect(commands).toEqual(['getex', 'multi', 'zadd', 'zremrangebyscore', 'pexpire', 'exec']);
      expect(await redis.zrange('usess:23', 0, -1)).toEqual([sessionId]);
      commands = [];
      await resumed(cookie);
      expect(commands).toEqual(['getex']);
    });

    it('drops index entries not seen for longer than the idle expiry when it next writes', async () => {
      await redis.zadd('usess:24', Date.now() - config.SESSION_IDLE_DAYS * DAY_MS - 200_000, 'long-gone');
      const fresh = await signIn(24);
      expect(await redis.zrange('usess:24', 0, -1)).toEqual([fresh.sessionId]);
    });

    it('ends one session by its public id: its cookie is refused, and another user cannot end it', async () => {
      const mine = await signIn(25);
      const other = await signIn(25);
      const stranger = await signIn(26);
      const strangerReq = await resumed(stranger.cookie);
      const { res } = exchange();
      expect(await sessions.end(strangerReq, res, 26, other.publicId)).toBe(false);
      expect((await resumed(other.cookie)).user).toEqual({ id: 25, username: 'user25' });

      const req = await resumed(mine.cookie);
      expect(await sessions.end(req, res, 25, other.publicId)).toBe(true);
      expect((await resumed(other.cookie)).user).toBeNull();
      expect((await resumed(mine.cookie)).user).toEqual({ id: 25, username: 'user25' });
      // Already ended: nothing to end.
      expect(await sessions.end(req, res, 25, other.publicId)).toBe(false);
    });

    it('ends this session as signing out does when it is the one named', async () => {
      const mine = await signIn(27);
      const { req, res, setCookie } = exchange(mine.cookie);
      await sessions.resume(req, res);
      expect(await sessions.end(req, res, 27, mine.publicId)).toBe(true);
      expect(req.user).toBeNull();
      expect(setCookie().at(-1)).toMatch(new RegExp(`^${SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970`));
      expect(await redis.zcard('usess:27')).toBe(0);
    });

    it('ends every other session and keeps this one', async () => {
      const mine = await signIn(28);
      const others = [await signIn(28), await signIn(28)];
      const bystander = await signIn(29);
      expect(await sessions.endOthers(28, mine.sessionId)).toBe(2);
      for (const other of others) expect((await resumed(other.cookie)).user).toBeNull();
      expect((await resumed(mine.cookie)).user).toEqual({ id: 28, username: 'user28' });
      expect((await resumed(bystander.cookie)).user).toEqual({ id: 29, username: 'user29' });
      expect(await redis.zrange('usess:28', 0, -1)).toEqual([mine.sessionId]);
      expect(await sessions.endOthers(28, mine.sessionId)).toBe(0);
    });
  });

  /** A session stored as the gateway writes it, signed in `ageMs` ago. */
  async function storedSession(ageMs: number | undefined, userId = 9) {
    const sessionId = SessionCookie.newId();
    const openedAt = ageMs === undefined ? {} : { openedAt: Date.now() - ageMs };
    await redis.set(
      `sess:${sessionId}`,
      JSON.stringify({ user: { id: userId, username: userId === 9 ? 'ida' : `user${userId}` }, ...openedAt }),
      'EX',
      600,
    );
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(new SessionCookie(config.SESSION_SECRET).sign(sessionId))}`;
    return { sessionId, cookie };
  }

  it('ends a session SESSION_MAX_DAYS after sign-in however recently it was used', async () => {
    const { sessionId, cookie } = await storedSession(config.SESSION_MAX_DAYS * DAY_MS + 60_000);
    const { req, res, setCookie } = exchange(cookie);
    await sessions.resume(req, res);
    expect(req.user).toBeNull();
    expect(await redis.exists(`sess:${sessionId}`)).toBe(0);
    expect(setCookie()[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970`));
  });

  it('in the last idle period, the cookie and the Redis entry expire at the absolute end, not later', async () => {
    const ageMs = (config.SESSION_MAX_DAYS - 1) * DAY_MS;
    const { sessionId, cookie } = await storedSession(ageMs);
    const { req, res, setCookie } = exchange(cookie);
    await sessions.resume(req, res);
    expect(req.user).toEqual({ id: 9, username: 'ida' });
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie()[0])![1]);
    expect(Math.abs(expires - (Date.now() + DAY_MS))).toBeLessThan(5_000);
    const ttlMs = await redis.pttl(`sess:${sessionId}`);
    expect(Math.abs(ttlMs - DAY_MS)).toBeLessThan(5_000);
  });

  it('counts the lifetime of a session written before sign-in times were kept from when it is next seen', async () => {
    const { sessionId, cookie } = await storedSession(undefined);
    const { req, res } = exchange(cookie);
    await sessions.resume(req, res);
    expect(req.user).toEqual({ id: 9, username: 'ida' });
    const stored = JSON.parse((await redis.get(`sess:${sessionId}`))!) as { openedAt: number };
    expect(Math.abs(stored.openedAt - Date.now())).toBeLessThan(5_000);
    // Stamping keeps the idle expiry the read just renewed.
    expect(await redis.ttl(`sess:${sessionId}`)).toBeGreaterThan(config.SESSION_IDLE_DAYS * 86_400 - 60);
  });

  it('names the cookie __Host-promptlib.sid when it is Secure, and reads no other', async () => {
    const secure = new Sessions(redis, testConfig(config.APP_NAMESPACE, { COOKIE_SECURE: 'true' }));
    const first = exchange();
    await secure.open(first.req, first.res, { id: 7, username: 'ada' });
    const line = first.setCookie()[0];
    expect(line).toMatch(
      /^__Host-promptlib\.sid=s%3A[^;]+; Expires=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );

    const back = exchange(line.split(';')[0]);
    await secure.resume(back.req, back.res);
    expect(back.req.user).toEqual({ id: 7, username: 'ada' });
    // The unprefixed name could have been set by a sub-domain or over plain http.
    const unprefixed = exchange(line.split(';')[0].replace('__Host-', ''));
    await secure.resume(unprefixed.req, unprefixed.res);
    expect(unprefixed.req.user).toBeNull();
  });

  it('answers 503, never 500, when Redis is out of reach while signing in or out', async () => {
    // The gateway's own client, pointed at a port nothing listens on.
    const away = createRedis(`redis://127.0.0.1:${await freePort()}`, config.APP_NAMESPACE, silent);
    try {
      const cut = new Sessions(away, config);
      const signIn = exchange();
      const opening = await cut
        .open(signIn.req, signIn.res, { id: 7, username: 'ada' })
        .catch((error: unknown) => error);
      expect(toApiError(opening)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      const signOut = exchange();
      signOut.req.sessionId = 'gone';
      const closing = await cut.close(signOut.req, signOut.res).catch((error: unknown) => error);
      expect(toApiError(closing)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      away.disconnect();
    }
  });
});

const DAY_MS = 86_400_000;
const silent = createLogger('sessions-test', 'silent');

/** The session id inside a `promptlib.sid=s%3A<id>.<signature>` cookie pair. */
function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
}
