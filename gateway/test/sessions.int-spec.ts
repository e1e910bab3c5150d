import Redis from 'ioredis';
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
});

/** The session id inside a `promptlib.sid=s%3A<id>.<signature>` cookie pair. */
function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
}
