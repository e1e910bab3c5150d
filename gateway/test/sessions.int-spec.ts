import Redis from 'ioredis';
import { createLogger, createRedis } from '@promptlib/platform';
import { freePort } from '@promptlib/platform/testing';
import { toApiError } from '../src/common/api-exception.filter';
import type { GatewayConfig } from '../src/config/gateway-config';
import { SESSION_COOKIE, SessionCookie } from '../src/session/session-cookie';
import { Sessions, type SessionRequest, type SessionResponse } from '../src/session/sessions';
import { removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';

/** A request and a response as the session code sees them: headers read and written. */
function exchange(cookie?: string) {
  const headers = new Map<string, string | string[]>();
  const req: SessionRequest = { headers: cookie ? { cookie } : {}, user: null, sessionId: null };
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

  it('signs in under a new id and destroys the one the browser had, in one round trip', async () => {
    const before = await signedIn();
    const { req, res } = exchange(before);
    await sessions.resume(req, res);
    commands = [];

    await sessions.open(req, res, { id: 8, username: 'lin' });
    expect(commands).toEqual(['multi', 'del', 'set', 'exec']);
    const after = cookieOf([res.getHeader('Set-Cookie') as string].flat());
    expect(after).not.toBe(before);
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

  /** A session stored as the gateway writes it, signed in `ageMs` ago. */
  async function storedSession(ageMs: number | undefined) {
    const sessionId = SessionCookie.newId();
    const openedAt = ageMs === undefined ? {} : { openedAt: Date.now() - ageMs };
    await redis.set(
      `sess:${sessionId}`,
      JSON.stringify({ user: { id: 9, username: 'ida' }, ...openedAt }),
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
