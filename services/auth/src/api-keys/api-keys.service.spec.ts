import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEYS_MAX, API_KEY_PREFIX, authMessages, looksLikeApiKey } from '@promptlib/proto';
import { CheapPasswordHasher, inMemoryAuth, type InMemoryAuth } from '../../test/fakes/in-memory-auth';
import { Registry } from 'prom-client';
import { UsersService } from '../users/users.service';
import { apiKeyHash } from './api-key-rules';
import { ApiKeysService } from './api-keys.service';

const DAY = 24 * 60 * 60 * 1000;

describe('ApiKeysService', () => {
  let auth: InMemoryAuth;
  let now: Date;
  let apiKeys: ApiKeysService;
  let userId: number;

  beforeEach(async () => {
    auth = inMemoryAuth();
    now = new Date('2026-11-27T12:00:00.000Z');
    apiKeys = new ApiKeysService(auth, () => now);
    const users = new UsersService(auth, new CheapPasswordHasher(), new Registry());
    userId = (await users.register({ username: 'alice', password: 'violet-Harbor-71-kettle' })).id;
  });

  it('shows a new key once, keeps only its hash and start, and knows its holder by it', async () => {
    const created = await apiKeys.create({ userId, name: '  Laptop  ', scope: 'read' });
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(looksLikeApiKey(created.key)).toBe(true);
    expect(created).toMatchObject({
      name: 'Laptop',
      scope: 'read',
      start: created.key.slice(0, 12),
      expiresAt: null,
    });
    expect(JSON.stringify(auth.tables.apiKeys)).not.toContain(created.key);
    expect(await apiKeys.list(userId)).toEqual([expect.not.objectContaining({ key: expect.anything() })]);
    expect(await apiKeys.verify(apiKeyHash(created.key))).toEqual({
      keyId: created.id,
      userId,
      username: 'alice',
      scope: 'read',
      expiresAt: null,
    });
    expect(await apiKeys.verify(apiKeyHash(`${created.key}x`))).toBeNull();
  });

  it('notes a key’s last use at most once a minute', async () => {
    const created = await apiKeys.create({ userId, name: 'Script', scope: 'write' });
    await apiKeys.verify(apiKeyHash(created.key));
    const first = (await apiKeys.list(userId))[0]!.lastUsedAt;
    expect(first).toBe(now.toISOString());
    now = new Date(now.getTime() + 30_000);
    await apiKeys.verify(apiKeyHash(created.key));
    expect((await apiKeys.list(userId))[0]!.lastUsedAt).toBe(first);
    now = new Date(now.getTime() + 31_000);
    await apiKeys.verify(apiKeyHash(created.key));
    expect((await apiKeys.list(userId))[0]!.lastUsedAt).toBe(now.toISOString());
  });

  it('refuses an expired key, and an expiry in the past or more than a year ahead', async () => {
    const created = await apiKeys.create({
      userId,
      name: 'Short',
      scope: 'read',
      expiresAt: new Date(now.getTime() + DAY).toISOString(),
    });
    expect(await apiKeys.verify(apiKeyHash(created.key))).not.toBeNull();
    now = new Date(now.getTime() + DAY);
    expect(await apiKeys.verify(apiKeyHash(created.key))).toBeNull();
    for (const expiresAt of [
      new Date(now.getTime() - 1).toISOString(),
      new Date(now.getTime() + 367 * DAY).toISOString(),
    ]) {
      await expect(apiKeys.create({ userId, name: 'Bad', scope: 'read', expiresAt })).rejects.toMatchObject({
        error: { code: 'VALIDATION_FAILED', rules: { expiresAt: 'invalid' } },
      });
    }
  });

  it('names what is wrong with a name', async () => {
    for (const [name, rule] of [
      ['   ', 'tooShort'],
      ['x'.repeat(61), 'tooLong'],
      ['tab\there', 'controlCharacters'],
    ] as const) {
      await expect(apiKeys.create({ userId, name, scope: 'read' })).rejects.toMatchObject({
        error: { code: 'VALIDATION_FAILED', rules: { name: rule } },
      });
    }
  });

  it('allows ten keys a user, then refuses with the limit, until one is revoked', async () => {
    const created = [];
    for (let n = 0; n < API_KEYS_MAX; n += 1)
      created.push(await apiKeys.create({ userId, name: `Key ${n}`, scope: 'read' }));
    await expect(apiKeys.create({ userId, name: 'One more', scope: 'read' })).rejects.toMatchObject({
      error: {
        code: 'API_KEY_LIMIT_REACHED',
        message: authMessages.apiKeyLimit,
        params: { limit: API_KEYS_MAX },
      },
    });
    await apiKeys.revoke(userId, created[0]!.id);
    await expect(apiKeys.create({ userId, name: 'One more', scope: 'read' })).resolves.toMatchObject({
      name: 'One more',
    });
  });

  it('revokes a key at once, and only the user’s own', async () => {
    const created = await apiKeys.create({ userId, name: 'Laptop', scope: 'read' });
    await expect(apiKeys.revoke(userId + 1, created.id)).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', params: { subject: 'apiKey' } },
    });
    await apiKeys.revoke(userId, created.id);
    expect(await apiKeys.verify(apiKeyHash(created.key))).toBeNull();
    expect(await apiKeys.list(userId)).toEqual([]);
    await expect(apiKeys.revoke(userId, created.id)).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('makes no key for a user that does not exist', async () => {
    await expect(apiKeys.create({ userId: userId + 1, name: 'Ghost', scope: 'read' })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', params: { subject: 'user' } },
    });
  });
});
