import { beforeEach, describe, expect, it } from 'vitest';
import type { RpcException } from '@nestjs/microservices';
import { authMessages, eventSubjects, usernameKey } from '@promptlib/proto';
import { Registry } from 'prom-client';
import { CheapPasswordHasher, inMemoryAuth, type InMemoryAuth } from '../../test/fakes/in-memory-auth';
import { UsersService } from './users.service';

const PASSWORD = 'violet-Harbor-71-kettle';
const INVALID_CREDENTIALS = {
  error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' },
};

/** The name as another keyboard types it: every ASCII letter and digit in its full-width form. */
const fullWidth = (name: string) =>
  name.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('UsersService', () => {
  let auth: InMemoryAuth;
  let hasher: CheapPasswordHasher;
  let registry: Registry;
  let users: UsersService;

  beforeEach(() => {
    auth = inMemoryAuth();
    hasher = new CheapPasswordHasher();
    registry = new Registry();
    users = new UsersService(auth, hasher, registry);
  });

  const passwordChecks = async () =>
    (await registry.getSingleMetric('auth_password_verifications_total')!.get()).values[0].value;

  describe('register', () => {
    it('stores the hash of the password under the trimmed name and announces user.registered', async () => {
      const user = await users.register({ username: '  alice  ', password: PASSWORD });
      expect(user).toEqual({ id: expect.any(Number), username: 'alice' });
      expect(auth.tables.users).toEqual([
        expect.objectContaining({ id: user.id, username: 'alice', passwordHash: `cheap:${PASSWORD}` }),
      ]);
      expect(auth.eventsOf(eventSubjects.userRegistered)).toEqual([{ userId: user.id, username: 'alice' }]);
    });

    it('refuses a name that is taken in another spelling: case, full width, surrounding spaces', async () => {
      await users.register({ username: 'Svc_Alice', password: PASSWORD });
      for (const spelling of ['svc_alice', ` ${fullWidth('SVC_ALICE')} `]) {
        await expect(users.register({ username: spelling, password: PASSWORD })).rejects.toMatchObject({
          error: {
            code: 'USERNAME_TAKEN',
            message: authMessages.usernameTaken,
            fields: { username: authMessages.usernameTaken },
          },
        });
      }
      expect(auth.tables.users).toHaveLength(1);
      expect(auth.eventsOf(eventSubjects.userRegistered)).toHaveLength(1);
    });

    it('answers USERNAME_TAKEN when the unique index refuses a name that passed the check beside it', async () => {
      const results = await Promise.allSettled(
        ['Bob', 'BOB'].map((username) => users.register({ username, password: PASSWORD })),
      );
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toMatchObject({ error: { code: 'USERNAME_TAKEN' } });
      expect(auth.tables.users).toHaveLength(1);
      expect(auth.eventsOf(eventSubjects.userRegistered)).toHaveLength(1);
    });

    it('names every field it refuses, before hashing anything', async () => {
      await expect(users.register({ username: ' ab ', password: '12345' })).rejects.toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Username must be at least 3 characters',
          fields: {
            username: 'Username must be at least 3 characters',
            password: 'Password must be at least 6 characters',
          },
        },
      });
      await expect(users.register({ username: 'carol', password: 'Password1' })).rejects.toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: authMessages.commonPassword,
          fields: { password: authMessages.commonPassword },
        },
      });
      expect(hasher.hashed).toBe(0);
      expect(auth.tables.users).toEqual([]);
      expect(auth.events).toEqual([]);
    });
  });

  describe('verifyPassword', () => {
    it('signs in with the right password, the name in any case, width or surrounding spaces', async () => {
      const user = await users.register({ username: 'svc_dora', password: PASSWORD });
      for (const spelling of ['SVC_DORA', ` ${fullWidth('svc_dora')} `]) {
        await expect(users.verifyPassword({ username: spelling, password: PASSWORD })).resolves.toEqual(user);
      }
    });

    it('answers a wrong password and an unknown user with one error', async () => {
      await users.register({ username: 'svc_erin', password: PASSWORD });
      const refusal = (username: string) =>
        users.verifyPassword({ username, password: 'nope-nope' }).then(
          () => undefined,
          (error: RpcException) => error.getError(),
        );
      const wrongPassword = await refusal('svc_erin');
      expect(wrongPassword).toEqual(INVALID_CREDENTIALS.error);
      expect(await refusal('svc_erin_x')).toEqual(wrongPassword);
    });

    it('checks a password against the dummy hash when there is no user to check it against, and counts every check', async () => {
      const user = await users.register({ username: 'svc_fay', password: PASSWORD });
      const stored = auth.tables.users.find((row) => row.id === user.id)!.passwordHash;
      for (const username of ['svc_fay', 'svc_nobody', 'ab']) {
        await expect(users.verifyPassword({ username, password: 'wrong-one' })).rejects.toMatchObject(
          INVALID_CREDENTIALS,
        );
      }
      // A name too short to exist still costs a verification, so its answer comes no sooner.
      expect(hasher.verified).toEqual([stored, null, null]);
      expect(await passwordChecks()).toBe(3);
    });

    it('refuses a password for an account made with Google, which has none', async () => {
      const google = await auth.transaction((tx) =>
        tx.users.insert({
          username: 'Grace Hopper',
          usernameKey: usernameKey('Grace Hopper'),
          passwordHash: null,
          googleSubject: 'sub-grace',
          photoUrl: null,
        }),
      );
      await expect(
        users.verifyPassword({ username: google.username, password: PASSWORD }),
      ).rejects.toMatchObject(INVALID_CREDENTIALS);
      expect(hasher.verified).toEqual([null]);
    });
  });

  describe('get', () => {
    it('answers the user, with the photo only when there is one', async () => {
      const plain = await users.register({ username: 'svc_gus', password: PASSWORD });
      expect(await users.get({ userId: plain.id })).toEqual({ id: plain.id, username: 'svc_gus' });
      await auth.direct.users.setPhoto(plain.id, 'https://example.com/gus.png');
      expect(await users.get({ userId: plain.id })).toEqual({
        id: plain.id,
        username: 'svc_gus',
        photoURL: 'https://example.com/gus.png',
      });
    });

    it('answers NOT_FOUND for an id no user has', async () => {
      await expect(users.get({ userId: 404 })).rejects.toMatchObject({
        error: { code: 'NOT_FOUND', message: authMessages.userNotFound },
      });
    });
  });
  describe('changePassword', () => {
    const NEW_PASSWORD = 'amber-Lantern-42-orchard';
    const WRONG_CURRENT = {
      error: {
        code: 'VALIDATION_FAILED',
        message: authMessages.wrongCurrentPassword,
        fields: { currentPassword: authMessages.wrongCurrentPassword },
        rules: { currentPassword: 'incorrect' },
      },
    };

    it('replaces the hash when the current password is given, and the old one no longer signs in', async () => {
      const user = await users.register({ username: 'svc_hal', password: PASSWORD });
      expect(
        await users.changePassword({ userId: user.id, currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
      ).toEqual({ success: true });
      expect(auth.tables.users[0]!.passwordHash).toBe(`cheap:${NEW_PASSWORD}`);
      await expect(users.verifyPassword({ username: 'svc_hal', password: PASSWORD })).rejects.toMatchObject(
        INVALID_CREDENTIALS,
      );
      expect(await users.verifyPassword({ username: 'svc_hal', password: NEW_PASSWORD })).toEqual(user);
    });

    it('refuses a wrong current password, counted as a password check, and keeps the old hash', async () => {
      const user = await users.register({ username: 'svc_ida', password: PASSWORD });
      await expect(
        users.changePassword({
          userId: user.id,
          currentPassword: 'not-it-at-all',
          newPassword: NEW_PASSWORD,
        }),
      ).rejects.toMatchObject(WRONG_CURRENT);
      expect(auth.tables.users[0]!.passwordHash).toBe(`cheap:${PASSWORD}`);
      expect(await passwordChecks()).toBe(1);
    });

    it('holds the new password to sign-up’s rules, before any hash is checked', async () => {
      const user = await users.register({ username: 'svc_jo', password: PASSWORD });
      hasher.verified.length = 0;
      for (const [newPassword, rule] of [
        ['short', 'tooShort'],
        ['password123', 'tooCommon'],
        ['x'.repeat(129), 'tooLong'],
      ] as const) {
        await expect(
          users.changePassword({ userId: user.id, currentPassword: PASSWORD, newPassword }),
        ).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED', rules: { newPassword: rule } } });
      }
      expect(hasher.verified).toEqual([]);
      expect(auth.tables.users[0]!.passwordHash).toBe(`cheap:${PASSWORD}`);
    });

    it('refuses a Google user, who has no current password to give', async () => {
      const google = await auth.transaction((tx) =>
        tx.users.insert({
          username: 'Ada',
          usernameKey: usernameKey('Ada'),
          passwordHash: null,
          googleSubject: 'sub-ada',
          photoUrl: null,
        }),
      );
      await expect(
        users.changePassword({ userId: google.id, currentPassword: '', newPassword: NEW_PASSWORD }),
      ).rejects.toMatchObject(WRONG_CURRENT);
      expect(auth.tables.users[0]!.passwordHash).toBeNull();
    });

    it('lets one of two changes made at once from the same password win', async () => {
      const user = await users.register({ username: 'svc_kim', password: PASSWORD });
      const results = await Promise.allSettled(
        ['first-Choice-91-meadow', 'second-Choice-92-meadow'].map((newPassword) =>
          users.changePassword({ userId: user.id, currentPassword: PASSWORD, newPassword }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const winner = results.findIndex((result) => result.status === 'fulfilled');
      expect(auth.tables.users[0]!.passwordHash).toBe(
        `cheap:${['first-Choice-91-meadow', 'second-Choice-92-meadow'][winner]}`,
      );
    });
  });

  describe('account', () => {
    it('says how the user signs in and since when', async () => {
      const user = await users.register({ username: 'svc_lee', password: PASSWORD });
      expect(await users.account({ userId: user.id })).toEqual({
        id: user.id,
        username: 'svc_lee',
        signsInWithPassword: true,
        signsInWithGoogle: false,
        createdAt: auth.tables.users[0]!.createdAt.toISOString(),
      });
      await expect(users.account({ userId: 404 })).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });
  describe('deleteAccount', () => {
    async function withKey(userId: number, hash: string) {
      await auth.direct.apiKeys.insert({
        userId,
        name: 'Script',
        scope: 'read',
        start: 'plk_abcdefgh',
        hash,
        expiresAt: null,
      });
    }

    it('deletes the user and their keys, answers the keys’ hashes, and announces user.deleted', async () => {
      const user = await users.register({ username: 'svc_mia', password: PASSWORD });
      const other = await users.register({ username: 'svc_ned', password: PASSWORD });
      await withKey(user.id, 'hash-1');
      await withKey(other.id, 'hash-2');
      expect(
        await users.deleteAccount({ userId: user.id, confirmUsername: ' svc_mia ', password: PASSWORD }),
      ).toEqual({ apiKeys: [{ id: expect.any(Number), hash: 'hash-1' }] });
      expect(auth.tables.users.map((row) => row.username)).toEqual(['svc_ned']);
      expect(auth.tables.apiKeys.map((key) => key.hash)).toEqual(['hash-2']);
      expect(auth.eventsOf(eventSubjects.userDeleted)).toEqual([{ userId: user.id }]);
      // The name is free again.
      expect((await users.register({ username: 'SVC_MIA', password: PASSWORD })).username).toBe('SVC_MIA');
    });

    it('refuses a name typed otherwise, or a wrong or missing password, and deletes nothing', async () => {
      const user = await users.register({ username: 'svc_ola', password: PASSWORD });
      const refusals = [
        [{ confirmUsername: 'SVC_OLA', password: PASSWORD }, { confirmUsername: 'invalid' }],
        [{ confirmUsername: 'svc_ola', password: 'not-it-at-all' }, { password: 'incorrect' }],
        [{ confirmUsername: 'svc_ola' }, { password: 'incorrect' }],
      ] as const;
      for (const [confirmation, rules] of refusals) {
        await expect(users.deleteAccount({ userId: user.id, ...confirmation })).rejects.toMatchObject({
          error: { code: 'VALIDATION_FAILED', rules },
        });
      }
      expect(auth.tables.users).toHaveLength(1);
      expect(auth.eventsOf(eventSubjects.userDeleted)).toEqual([]);
    });

    it('asks a Google user for their name alone', async () => {
      const google = await auth.transaction((tx) =>
        tx.users.insert({
          username: 'Grace',
          usernameKey: usernameKey('Grace'),
          passwordHash: null,
          googleSubject: 'sub-grace',
          photoUrl: null,
        }),
      );
      await users.deleteAccount({ userId: google.id, confirmUsername: 'Grace' });
      expect(auth.tables.users).toEqual([]);
      expect(auth.eventsOf(eventSubjects.userDeleted)).toEqual([{ userId: google.id }]);
    });

    it('deletes once when asked twice at once', async () => {
      const user = await users.register({ username: 'svc_pia', password: PASSWORD });
      const results = await Promise.allSettled(
        [1, 2].map(() =>
          users.deleteAccount({ userId: user.id, confirmUsername: 'svc_pia', password: PASSWORD }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(auth.eventsOf(eventSubjects.userDeleted)).toEqual([{ userId: user.id }]);
    });
  });
});
