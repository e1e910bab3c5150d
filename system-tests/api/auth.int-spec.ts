import type { ApiError, RegisteredUserResponse, SessionSummary, UserResponse } from '@promptlib/proto';
import Redis from 'ioredis';
import { ApiClient, STRONG_PASSWORD, uniqueUsername } from '../support/api-client';
import { startStack, type Gateway, type Stack } from '../support/stack';

describe('accounts and sessions through the gateway', () => {
  let stack: Stack;
  let gateway: Gateway;
  let secondGateway: Gateway;

  beforeAll(async () => {
    stack = await startStack('auth', ['auth']);
    gateway = await stack.startGateway();
    secondGateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  async function registered(
    username = uniqueUsername(),
  ): Promise<{ client: ApiClient; username: string; id: number }> {
    const client = new ApiClient(gateway.url);
    const res = await client.post<RegisteredUserResponse>('/api/register', {
      username,
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(201);
    return { client, username, id: res.body.user.id };
  }

  describe('register', () => {
    it('creates the account, signs it in and answers the user with a null initial category', async () => {
      const client = new ApiClient(gateway.url);
      const username = uniqueUsername('new');
      const res = await client.post<RegisteredUserResponse>('/api/register', {
        username,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        user: { id: expect.any(Number), username, isPro: false },
        initialCategory: null,
      });
      expect((await client.get<UserResponse>('/api/user')).body.user.username).toBe(username);
    });

    it('sets an HttpOnly, SameSite=Lax session cookie expiring after the idle period, not Secure over plain http', async () => {
      const res = await new ApiClient(gateway.url).post('/api/register', {
        username: uniqueUsername(),
        password: STRONG_PASSWORD,
      });
      const cookie = res.setCookie.find((line) => line.startsWith('promptlib.sid='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/);
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookie!)?.[1] ?? '');
      const fourteenDays = 14 * 86_400_000;
      expect(expires - Date.now()).toBeGreaterThan(fourteenDays - 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(fourteenDays + 1_000);
    });

    it('renews the idle expiry on every request (rolling), in the cookie and in Redis', async () => {
      const { client } = await registered();
      const first = await client.get('/api/user');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const second = await client.get('/api/user');
      const expiresOf = (lines: string[]) => Date.parse(/Expires=([^;]+)/.exec(lines.join(';'))?.[1] ?? '');
      expect(expiresOf(second.setCookie)).toBeGreaterThan(expiresOf(first.setCookie));

      const sessionId = decodeURIComponent(client.sessionCookie!.split('=')[1]).slice(2).split('.')[0];
      const redis = new Redis(stack.env.REDIS_URL);
      try {
        const ttl = await redis.ttl(`${stack.namespace}:sess:${sessionId}`);
        expect(ttl).toBeGreaterThan(14 * 86_400 - 60);
      } finally {
        redis.disconnect();
      }
    });

    it('marks the cookie Secure with COOKIE_SECURE behind a trusted TLS proxy', async () => {
      const secure = await stack.startGateway({ COOKIE_SECURE: 'true', TRUST_PROXY: 'loopback' });
      try {
        const res = await fetch(`${secure.url}/api/register`, {
          method: 'POST',
          headers: { Origin: secure.url, 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
          body: JSON.stringify({ username: uniqueUsername('tls'), password: STRONG_PASSWORD }),
        });
        expect(res.status).toBe(201);
        expect(res.headers.getSetCookie().join(';')).toMatch(/promptlib\.sid=[^;]+;.*Secure/);
      } finally {
        await secure.stop();
      }
    });

    it.each([
      [
        { username: 'ab', password: STRONG_PASSWORD },
        { username: 'Username must be at least 3 characters' },
        { username: 'tooShort' },
      ],
      [
        { username: 'validname', password: '12345' },
        { password: 'Password must be at least 6 characters' },
        { password: 'tooShort' },
      ],
      [
        { username: 'ab', password: '12345' },
        {
          username: 'Username must be at least 3 characters',
          password: 'Password must be at least 6 characters',
        },
        { username: 'tooShort', password: 'tooShort' },
      ],
      [
        { username: 'x'.repeat(51), password: STRONG_PASSWORD },
        { username: 'Username must be at most 50 characters' },
        { username: 'tooLong' },
      ],
      [
        { username: 'validname', password: 'p'.repeat(129) },
        { password: 'Password must be at most 128 characters' },
        { password: 'tooLong' },
      ],
      [{ password: STRONG_PASSWORD }, { username: 'Username is required' }, { username: 'required' }],
      [
        { username: 'validname', password: 123456789 },
        { password: 'Password is required' },
        { password: 'invalid' },
      ],
      [
        { username: '   ab   ', password: STRONG_PASSWORD },
        { username: 'Username must be at least 3 characters' },
        { username: 'tooShort' },
      ],
    ])('refuses %j with a 400 naming each field and its rule', async (body, fields, rules) => {
      const res = await new ApiClient(gateway.url).post<ApiError>('/api/register', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: Object.values(fields)[0],
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        fields,
        rules,
      });
    });

    it.each(['password', 'qwerty123', 'iloveyou', 'Password1', 'football'])(
      'refuses the common password %p',
      async (password) => {
        const res = await new ApiClient(gateway.url).post<ApiError>('/api/register', {
          username: uniqueUsername(),
          password,
        });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({
          password: 'This password is too common. Choose one that is harder to guess.',
        });
        expect(res.body.rules).toEqual({ password: 'tooCommon' });
        expect(res.body.message).toBe('This password is too common. Choose one that is harder to guess.');
      },
    );

    it('refuses a taken username, whatever its case, with 409', async () => {
      const { username } = await registered(uniqueUsername('Taken'));
      const res = await new ApiClient(gateway.url).post<ApiError>('/api/register', {
        username: username.toUpperCase(),
        password: STRONG_PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'USERNAME_TAKEN',
        message: 'This username is already taken',
        fields: { username: 'This username is already taken' },
        rules: { username: 'taken' },
      });
    });

    it('accepts only one of two simultaneous registrations of one name', async () => {
      const username = uniqueUsername('race');
      const results = await Promise.all(
        [0, 1, 2].map(() =>
          new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD }),
        ),
      );
      expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    });

    it('refuses a body that is not an object', async () => {
      const res = await new ApiClient(gateway.url).post<ApiError>('/api/register', ['alice', 'secret']);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('login', () => {
    it('signs in with the right password, the username in any case and surrounding spaces', async () => {
      const { username, id } = await registered();
      const client = new ApiClient(gateway.url);
      const res = await client.post<UserResponse>('/api/login', {
        username: ` ${username.toUpperCase()} `,
        password: STRONG_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: { id, username, isPro: false } });
      expect((await client.get<UserResponse>('/api/user')).status).toBe(200);
    });

    it('answers a wrong password and an unknown user identically', async () => {
      const { username } = await registered();
      const wrong = await new ApiClient(gateway.url).post<ApiError>('/api/login', {
        username,
        password: 'not-the-password',
      });
      const unknown = await new ApiClient(gateway.url).post<ApiError>('/api/login', {
        username: uniqueUsername('ghost'),
        password: 'not-the-password',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({
        statusCode: 401,
        message: 'Invalid username or password',
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.setCookie).toEqual([]);
    });

    it('checks the shape first, with the same messages as registration', async () => {
      const res = await new ApiClient(gateway.url).post<ApiError>('/api/login', {
        username: 'ab',
        password: '123',
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
      });
    });

    it('gives a new session id on sign-in and the old one stops working', async () => {
      const { client, username } = await registered();
      const before = client.sessionCookie;
      await client.post('/api/login', { username, password: STRONG_PASSWORD });
      expect(client.sessionCookie).toBeDefined();
      expect(client.sessionCookie).not.toEqual(before);
      expect((await new ApiClient(gateway.url).useCookie(before).get('/api/user')).status).toBe(401);
      expect((await client.get('/api/user')).status).toBe(200);
    });
  });

  describe('current user and logout', () => {
    it('answers 401 with no session', async () => {
      const res = await new ApiClient(gateway.url).get<ApiError>('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'You are not signed in.',
      });
    });

    it('answers 401 for a forged or tampered cookie', async () => {
      const { client } = await registered();
      const tampered = client.sessionCookie!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await new ApiClient(gateway.url).useCookie(tampered).get('/api/user')).status).toBe(401);
      expect(
        (await new ApiClient(gateway.url).useCookie('promptlib.sid=s%3Afake.sig').get('/api/user')).status,
      ).toBe(401);
    });

    it('logs out: the cookie is cleared and a kept copy of it is dead', async () => {
      const { client } = await registered();
      const copy = client.sessionCookie;
      const res = await client.post('/api/logout');
      expect(res.status).toBe(200);
      expect(res.setCookie.some((line) => /^promptlib\.sid=;/.test(line))).toBe(true);
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await new ApiClient(gateway.url).useCookie(copy).get('/api/user')).status).toBe(401);
      expect((await new ApiClient(secondGateway.url).useCookie(copy).get('/api/user')).status).toBe(401);
    });

    it('answers logout without a session with 200 too', async () => {
      expect((await new ApiClient(gateway.url).post('/api/logout')).status).toBe(200);
    });

    it('refuses a logout from another site', async () => {
      const { client } = await registered();
      const attacker = new ApiClient(gateway.url, 'https://evil.example').useCookie(client.sessionCookie);
      expect((await attacker.post('/api/logout')).status).toBe(403);
      expect((await client.get('/api/user')).status).toBe(200);
    });
  });

  describe('the account: password and sessions', () => {
    const NEW_PASSWORD = 'amber-Lantern-42-orchard';

    /** The same user signed in once more, from another browser. */
    async function signedInAgain(username: string, password = STRONG_PASSWORD) {
      const client = new ApiClient(secondGateway.url);
      const res = await client.post('/api/login', { username, password });
      expect(res.status).toBe(200);
      return client;
    }

    it('answers the account: name, how they sign in, since when', async () => {
      const { client, username, id } = await registered();
      const res = await client.get('/api/user/account');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id,
        username,
        signsInWithPassword: true,
        signsInWithGoogle: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect((await new ApiClient(gateway.url).get('/api/user/account')).status).toBe(401);
    });

    it('changes the password: the old one stops working, other sessions end, this one continues', async () => {
      const { client, username } = await registered();
      const other = await signedInAgain(username);
      const stolenCopy = new ApiClient(gateway.url).useCookie(other.sessionCookie);
      const before = client.sessionCookie;

      const res = await client.post('/api/user/password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      // This browser goes on, under a new session id.
      expect(client.sessionCookie).not.toBe(before);
      expect((await client.get<UserResponse>('/api/user')).body.user.username).toBe(username);
      expect((await new ApiClient(gateway.url).useCookie(before).get('/api/user')).status).toBe(401);
      // Every other session is refused, wherever its cookie is sent from.
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await stolenCopy.get('/api/user')).status).toBe(401);

      expect(
        (await new ApiClient(gateway.url).post('/api/login', { username, password: STRONG_PASSWORD })).status,
      ).toBe(401);
      expect(
        (await new ApiClient(gateway.url).post('/api/login', { username, password: NEW_PASSWORD })).status,
      ).toBe(200);
    });

    it('refuses a wrong current password and a weak new one, and changes nothing', async () => {
      const { client, username } = await registered();
      const other = await signedInAgain(username);
      const wrong = await client.post<ApiError>('/api/user/password', {
        currentPassword: 'not-my-password',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { currentPassword: 'This is not your current password.' },
        rules: { currentPassword: 'incorrect' },
      });
      const weak = await client.post<ApiError>('/api/user/password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'password123',
      });
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ code: 'VALIDATION_FAILED', rules: { newPassword: 'tooCommon' } });
      const short = await client.post<ApiError>('/api/user/password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ rules: { newPassword: 'tooShort' } });
      expect((await other.get('/api/user')).status).toBe(200);
      expect(
        (await new ApiClient(gateway.url).post('/api/login', { username, password: STRONG_PASSWORD })).status,
      ).toBe(200);
    });

    it('counts wrong current passwords as failed sign-ins: guessing through a session is stopped', async () => {
      const { client } = await registered();
      const change = { currentPassword: 'guess-number-one', newPassword: NEW_PASSWORD };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 30 && !statuses.includes(429); attempt += 1) {
        statuses.push((await client.post('/api/user/password', change)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([400]));
      // Blocked now even with the right password, as sign-in is.
      const blocked = await client.post<ApiError>('/api/user/password', {
        ...change,
        currentPassword: STRONG_PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
    });

    it('lists where the user is signed in, ends one, then all others', async () => {
      const { client, username } = await registered();
      const phone = await signedInAgain(username);
      const tablet = await signedInAgain(username);
      const listed = await client.get<SessionSummary[]>('/api/user/sessions');
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(3);
      expect(listed.body[0]).toEqual({
        id: expect.stringMatching(/^[\w-]{22}$/),
        browser: null,
        system: null,
        signedInAt: expect.any(String),
        lastActiveAt: expect.any(String),
        current: true,
      });
      expect(listed.body.filter((session) => session.current)).toHaveLength(1);
      // The listed ids are not the cookies' session ids.
      for (const cookie of [client, phone, tablet].map((each) => each.sessionCookie!)) {
        const sessionId = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
        expect(JSON.stringify(listed.body)).not.toContain(sessionId);
      }

      // The phone's own view names itself as this device: end it from the laptop.
      const phoneId = (await phone.get<SessionSummary[]>('/api/user/sessions')).body.find(
        (s) => s.current,
      )!.id;
      const ended = await client.send('DELETE', `/api/user/sessions/${phoneId}`, undefined, {});
      expect(ended.status).toBe(200);
      expect((await phone.get('/api/user')).status).toBe(401);
      expect(
        (await client.send<ApiError>('DELETE', `/api/user/sessions/${phoneId}`, undefined, {})).status,
      ).toBe(404);
      expect((await client.send('DELETE', '/api/user/sessions/not-a-session', undefined, {})).status).toBe(
        404,
      );

      // Another user cannot end this user's sessions, nor see them.
      const stranger = await registered();
      const tabletId = (await client.get<SessionSummary[]>('/api/user/sessions')).body.find(
        (s) => !s.current,
      )!.id;
      expect(
        (await stranger.client.send('DELETE', `/api/user/sessions/${tabletId}`, undefined, {})).status,
      ).toBe(404);
      expect((await stranger.client.get<SessionSummary[]>('/api/user/sessions')).body).toHaveLength(1);
      expect((await tablet.get('/api/user')).status).toBe(200);

      const others = await client.post('/api/user/sessions/end-others');
      expect(others.status).toBe(200);
      expect(others.body).toEqual({ ended: 1 });
      expect((await tablet.get('/api/user')).status).toBe(401);
      expect((await client.get<SessionSummary[]>('/api/user/sessions')).body).toHaveLength(1);
      expect((await stranger.client.get('/api/user')).status).toBe(200);
    });
  });

  describe('several gateway processes', () => {
    it('uses a session created by one gateway through another', async () => {
      const { client, username } = await registered();
      const elsewhere = new ApiClient(secondGateway.url).useCookie(client.sessionCookie);
      const res = await elsewhere.get<UserResponse>('/api/user');
      expect(res.status).toBe(200);
      expect(res.body.user.username).toBe(username);
    });
  });
});

describe('login rate limits shared by gateway processes', () => {
  let stack: Stack;
  let first: Gateway;
  let second: Gateway;

  beforeAll(async () => {
    stack = await startStack('rate', ['auth'], {
      gateway: { RATE_LIMIT_LOGIN_PER_USERNAME: '3/15m', RATE_LIMIT_REGISTER_PER_CLIENT: '4/1h' },
    });
    first = await stack.startGateway();
    second = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  it('blocks a username after 3 failures spread over two gateways, even with the right password', async () => {
    const username = uniqueUsername('target');
    expect(
      (await new ApiClient(first.url).post('/api/register', { username, password: STRONG_PASSWORD })).status,
    ).toBe(201);
    const wrong = { username, password: 'wrong-password' };
    expect((await new ApiClient(first.url).post('/api/login', wrong)).status).toBe(401);
    expect((await new ApiClient(second.url).post('/api/login', wrong)).status).toBe(401);
    expect((await new ApiClient(first.url).post('/api/login', wrong)).status).toBe(401);

    const blocked = await new ApiClient(second.url).post<ApiError>('/api/login', {
      username,
      password: STRONG_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      statusCode: 429,
      message: 'Too many login attempts. Please try again in 15 minutes.',
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      params: { action: 'login', retryAfterMinutes: 15 },
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('does not count a successful login as a failure, and other usernames stay open', async () => {
    const username = uniqueUsername('ok');
    expect(
      (await new ApiClient(second.url).post('/api/register', { username, password: STRONG_PASSWORD })).status,
    ).toBe(201);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (
          await new ApiClient(attempt % 2 ? first.url : second.url).post('/api/login', {
            username,
            password: STRONG_PASSWORD,
          })
        ).status,
      ).toBe(200);
    }
  });

  it('limits sign-ups per client address across gateways', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const gatewayUrl = attempt % 2 ? first.url : second.url;
      statuses.push(
        (
          await new ApiClient(gatewayUrl).post('/api/register', {
            username: uniqueUsername('many'),
            password: STRONG_PASSWORD,
          })
        ).status,
      );
    }
    // Two sign-ups were made by the earlier tests of this block: the 5th overall is refused.
    expect(statuses).toEqual([201, 201, 429]);
  });
});
