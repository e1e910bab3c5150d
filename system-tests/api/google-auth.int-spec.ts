import type { ApiError, ClientConfig, GoogleSignInResponse, User } from '@promptlib/proto';
import { startGoogleSandbox, type GoogleIdentity, type RunningGoogleSandbox } from '@promptlib/sandboxes';
import { randomUUID } from 'node:crypto';
import { eventually } from '@promptlib/platform/testing';
import { ApiClient, STRONG_PASSWORD } from '../support/api-client';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

const CLIENT_ID = 'promptlib-test-client';
const REJECTED = 'Google sign-in could not be verified. Please try again.';

describe('Google sign-in with ID tokens from the Google sandbox', () => {
  let google: RunningGoogleSandbox;
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    google = await startGoogleSandbox({ clientId: CLIENT_ID });
    const identity = { GOOGLE_CLIENT_ID: CLIENT_ID };
    stack = await startStack('google', ['auth', 'library'], {
      services: { ...identity, GOOGLE_ISSUER: google.issuer, GOOGLE_JWKS_URL: google.jwksUrl },
      gateway: { ...identity, GOOGLE_AUTH_URL: google.authorizationUrl },
    });
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
    await google?.close();
  }, 90_000);

  const person = (overrides: Partial<GoogleIdentity> = {}): GoogleIdentity => {
    const id = randomUUID().slice(0, 8);
    return { sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id}`, ...overrides };
  };

  /** A browser's sign-in: a nonce first, then the token Google signed with it. */
  async function signIn(
    client: ApiClient,
    identity: GoogleIdentity,
    token: (nonce: string) => Promise<string> = (nonce) => google.signIdToken(identity, { nonce }),
    body: Record<string, unknown> = {},
  ) {
    const { nonce } = (await client.post<{ nonce: string }>('/api/google-auth/nonce')).body;
    const idToken = await token(nonce);
    return client.post<GoogleSignInResponse & ApiError>('/api/google-auth', {
      googleId: identity.sub,
      displayName: identity.name ?? null,
      email: identity.email,
      photoURL: null,
      idToken,
      ...body,
    });
  }

  const usersWithSubject = async (subject: string) =>
    (
      await databaseQuery<{ id: number }>(stack, 'SELECT id FROM auth.users WHERE google_subject = $1', [
        subject,
      ])
    ).length;

  it('tells the browser where to sign in with Google', async () => {
    const config = (await new ApiClient(gateway.url).get<ClientConfig>('/api/config')).body;
    expect(config).toMatchObject({ googleClientId: CLIENT_ID, googleAuthUrl: google.authorizationUrl });
    const probe = await fetch(`${gateway.url}/api/google-auth`, { method: 'OPTIONS' });
    expect(probe.status).toBe(204);
  });

  it('signs a new user in with General, and the same user again next time', async () => {
    const identity = person({ name: 'Ada Lovelace' });
    const client = new ApiClient(gateway.url);
    const first = await signIn(client, identity);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      user: {
        id: expect.any(Number),
        username: expect.stringMatching(/^Ada Lovelace( \d+)?$/),
        isPro: false,
      },
      initialCategory: expect.objectContaining({ name: 'General' }),
    });
    expect((await client.get<{ user: User }>('/api/user')).body.user.id).toBe(first.body.user.id);

    const again = new ApiClient(gateway.url);
    const second = await signIn(again, identity);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ user: first.body.user });
    expect(await usersWithSubject(identity.sub)).toBe(1);
    // The session was a new one: the first browser's is still its own.
    expect(again.sessionCookie).not.toBe(client.sessionCookie);
  });

  it('signs in an account whose name or subject holds what is not text: the name cleaned, the subject refused', async () => {
    // Only the token is believed: what the browser sends beside it is plain text or refused.
    const named = await signIn(
      new ApiClient(gateway.url),
      person({ name: 'Grace\udfff Hopper\u0000' }),
      undefined,
      {
        displayName: null,
      },
    );
    expect(named.status).toBe(200);
    expect(named.body.user.username).toMatch(/^Grace Hopper( \d+)?$/);
    const broken = person({ sub: `sub-\ud800-${randomUUID().slice(0, 8)}` });
    const refused = await signIn(new ApiClient(gateway.url), broken, undefined, { googleId: undefined });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(REJECTED);
  });

  it('refuses every token it cannot trust with 401, and creates nobody', async () => {
    const cases: Record<string, (identity: GoogleIdentity) => Promise<Awaited<ReturnType<typeof signIn>>>> = {
      'wrong audience': (identity) =>
        signIn(new ApiClient(gateway.url), identity, (nonce) =>
          google.signIdToken(identity, { nonce, aud: 'someone-else' }),
        ),
      'wrong issuer': (identity) =>
        signIn(new ApiClient(gateway.url), identity, (nonce) =>
          google.signIdToken(identity, { nonce, iss: 'https://accounts.example.com' }),
        ),
      expired: (identity) =>
        signIn(new ApiClient(gateway.url), identity, (nonce) =>
          google.signIdToken(identity, { nonce, expiresInSeconds: -600 }),
        ),
      'bad signature': (identity) =>
        signIn(new ApiClient(gateway.url), identity, (nonce) =>
          google.signIdToken(identity, { nonce, signWith: 'foreign' }),
        ),
      'a nonce that was not issued': (identity) =>
        signIn(new ApiClient(gateway.url), identity, () =>
          google.signIdToken(identity, { nonce: 'made-up' }),
        ),
      'no nonce issued to this browser': async (identity) =>
        new ApiClient(gateway.url).post<GoogleSignInResponse & ApiError>('/api/google-auth', {
          googleId: identity.sub,
          idToken: await google.signIdToken(identity, { nonce: 'anything' }),
        }),
      'a googleId that is not the token’s': (identity) =>
        signIn(new ApiClient(gateway.url), identity, undefined, { googleId: 'someone-elses-subject' }),
      'a token that is no JWT': (identity) =>
        signIn(new ApiClient(gateway.url), identity, async () => 'not.a.token'),
    };
    for (const [name, attempt] of Object.entries(cases)) {
      const identity = person();
      const answer = await attempt(identity);
      expect({ name, status: answer.status, message: answer.body.message }).toEqual({
        name,
        status: 401,
        message: REJECTED,
      });
      expect({ name, users: await usersWithSubject(identity.sub) }).toEqual({ name, users: 0 });
    }
  });

  it('takes each nonce once', async () => {
    const identity = person();
    const client = new ApiClient(gateway.url);
    const { nonce } = (await client.post<{ nonce: string }>('/api/google-auth/nonce')).body;
    const idToken = await google.signIdToken(identity, { nonce });
    expect((await client.post('/api/google-auth', { googleId: identity.sub, idToken })).status).toBe(200);
    // The same token, and the same nonce, again: the nonce is spent.
    const replay = await client.post<ApiError>('/api/google-auth', { googleId: identity.sub, idToken });
    expect(replay).toMatchObject({ status: 401, body: { message: REJECTED } });
  });

  it('never takes over an account made with a password', async () => {
    const taken = `Grace ${randomUUID().slice(0, 6)}`;
    const owner = new ApiClient(gateway.url);
    const registered = await owner.post<{ user: User }>('/api/register', {
      username: taken,
      password: STRONG_PASSWORD,
    });
    expect(registered.status).toBe(201);
    const answer = await signIn(new ApiClient(gateway.url), person({ name: taken }));
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).not.toBe(registered.body.user.id);
    expect(answer.body.user.username).toMatch(new RegExp(`^${taken} \\d+$`));
  });

  it('verifies tokens signed with a new key after the sandbox rotates, without a restart', async () => {
    const identity = person();
    expect((await signIn(new ApiClient(gateway.url), identity)).status).toBe(200);
    await google.rotateKey();
    // The verifier re-reads the keys for a key id it has not seen, at most once every 5 s.
    const answer = await eventually(
      () => signIn(new ApiClient(gateway.url), identity),
      (result) => result.status === 200,
      15_000,
    );
    expect(answer.status).toBe(200);
  });

  it('makes one user of two sign-ins at once', async () => {
    const identity = person();
    const answers = await Promise.all([
      signIn(new ApiClient(gateway.url), identity),
      signIn(new ApiClient(gateway.url), identity),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0].body.user.id).toBe(answers[1].body.user.id);
    expect(await usersWithSubject(identity.sub)).toBe(1);
  });
});
