import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages, eventSubjects } from '@promptlib/proto';
import crypto from 'node:crypto';
import pino from 'pino';
import { Registry } from 'prom-client';
import {
  CheapPasswordHasher,
  FakeIdTokens,
  inMemoryAuth,
  type InMemoryAuth,
} from '../../test/fakes/in-memory-auth';
import { UsersService } from '../users/users.service';
import { GoogleSignInService } from './google-sign-in.service';

const REJECTED = { error: { code: 'INVALID_CREDENTIALS', message: authMessages.googleRejected } };

describe('GoogleSignInService', () => {
  let auth: InMemoryAuth;
  let tokens: FakeIdTokens;
  let google: GoogleSignInService;

  beforeEach(() => {
    auth = inMemoryAuth();
    tokens = new FakeIdTokens();
    google = new GoogleSignInService(auth, pino({ level: 'silent' }), tokens);
  });

  afterEach(() => vi.restoreAllMocks());

  const signIn = (idToken: string, claimedSubject?: string) =>
    google.signIn({ idToken, nonce: 'nonce-1', claimedSubject });

  it('makes a new user of an unknown Google account, named as Google names them, and announces it', async () => {
    const token = tokens.issue({
      subject: 'sub-ada',
      name: 'Ada Lovelace',
      picture: 'https://example.com/ada.png',
    });
    const reply = await signIn(token, 'sub-ada');
    expect(reply).toEqual({
      user: { id: expect.any(Number), username: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' },
      created: true,
    });
    expect(auth.tables.users).toEqual([
      expect.objectContaining({ id: reply.user.id, googleSubject: 'sub-ada', passwordHash: null }),
    ]);
    expect(auth.eventsOf(eventSubjects.userRegistered)).toEqual([
      { userId: reply.user.id, username: 'Ada Lovelace' },
    ]);
  });

  it('signs the same Google account in again as the same user, without a second user or event', async () => {
    const token = tokens.issue({ subject: 'sub-ada', name: 'Ada Lovelace' });
    const first = await signIn(token);
    // Google may name them otherwise by now: the account is the subject's, the name stays theirs.
    const renamed = tokens.issue({ subject: 'sub-ada', name: 'Ada King' });
    expect(await signIn(renamed)).toEqual({ user: first.user, created: false });
    expect(auth.tables.users).toHaveLength(1);
    expect(auth.eventsOf(eventSubjects.userRegistered)).toHaveLength(1);
  });

  it('keeps the photo Google has now for a returning user', async () => {
    const first = await signIn(tokens.issue({ subject: 'sub-ada', name: 'Ada Lovelace' }));
    const photo = 'https://example.com/ada-2.png';
    const again = await signIn(tokens.issue({ subject: 'sub-ada', name: 'Ada Lovelace', picture: photo }));
    expect(again).toEqual({ user: { ...first.user, photoURL: photo }, created: false });
    expect((await auth.direct.users.findById(first.user.id))?.photoUrl).toBe(photo);
  });

  it('never takes over an account made with a password: the new user gets the name with a number', async () => {
    const users = new UsersService(auth, new CheapPasswordHasher(), new Registry());
    const owner = await users.register({ username: 'Grace Hopper', password: 'violet-Harbor-71-kettle' });
    const reply = await signIn(tokens.issue({ subject: 'sub-grace', name: 'grace hopper' }));
    expect(reply.created).toBe(true);
    expect(reply.user.id).not.toBe(owner.id);
    expect(reply.user.username).toMatch(/^grace hopper \d{1,3}$/);
    expect((await auth.direct.users.findById(owner.id))?.googleSubject).toBeNull();
  });

  it('names a user without a display name "User" and a number below 1000', async () => {
    const reply = await signIn(tokens.issue({ subject: 'sub-anon', name: null }));
    expect(reply.user.username).toMatch(/^User\d{1,3}$/);
    expect(Number(reply.user.username.slice(4))).toBeLessThan(1000);
  });

  it('makes one user of two first sign-ins of one account at once', async () => {
    const token = tokens.issue({ subject: 'sub-twice', name: 'Twice' });
    const [one, other] = await Promise.all([signIn(token), signIn(token)]);
    expect(one.user).toEqual(other.user);
    expect([one.created, other.created].sort()).toEqual([false, true]);
    expect(auth.tables.users).toHaveLength(1);
    expect(auth.eventsOf(eventSubjects.userRegistered)).toHaveLength(1);
  });

  it('gives up with SERVICE_UNAVAILABLE, creating nobody, when every name it tries is taken', async () => {
    vi.spyOn(crypto, 'randomInt').mockImplementation(() => 7);
    const users = new UsersService(auth, new CheapPasswordHasher(), new Registry());
    for (const username of ['Popular Name', 'Popular Name 7']) {
      await users.register({ username, password: 'violet-Harbor-71-kettle' });
    }
    await expect(
      signIn(tokens.issue({ subject: 'sub-popular', name: 'Popular Name' })),
    ).rejects.toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await auth.direct.users.findByGoogleSubject('sub-popular')).toBeNull();
    expect(auth.eventsOf(eventSubjects.userRegistered)).toHaveLength(2);
  });

  it('refuses a token the verifier rejects, creating nobody', async () => {
    await expect(signIn('forged-token')).rejects.toMatchObject(REJECTED);
    expect(auth.tables.users).toEqual([]);
  });

  it('refuses a token whose account is not the one the browser says it signed in as', async () => {
    const token = tokens.issue({ subject: 'sub-real', name: 'Real Person' });
    await expect(signIn(token, 'sub-someone-else')).rejects.toMatchObject(REJECTED);
    expect(auth.tables.users).toEqual([]);
  });

  it('refuses every sign-in while Google is not configured', async () => {
    tokens.enabled = false;
    const token = tokens.issue({ subject: 'sub-ada', name: 'Ada Lovelace' });
    await expect(signIn(token)).rejects.toMatchObject({
      error: { code: 'INVALID_CREDENTIALS', message: authMessages.googleNotConfigured },
    });
    expect(auth.tables.users).toEqual([]);
  });

  it('lets a failure to reach Google’s keys through as it is, not as a refused token', async () => {
    tokens.failure = new Error('getaddrinfo ENOTFOUND www.googleapis.com');
    await expect(signIn(tokens.issue({ subject: 'sub-ada' }))).rejects.toThrow('ENOTFOUND');
  });
});
