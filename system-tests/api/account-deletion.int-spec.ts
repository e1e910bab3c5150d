import type { ApiError, Category, Prompt } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import Redis from 'ioredis';
import { ApiClient, STRONG_PASSWORD } from '../support/api-client';
import { pay, pollCheckout, startCheckout, stripeOf, subscriptionOf } from '../support/billing-api';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

/** Every table that holds a user's rows, and the column that names the user. */
const USER_COLUMNS: Array<[table: string, column: string]> = [
  ['auth.users', 'id'],
  ['auth.api_keys', 'user_id'],
  ['library.categories', 'user_id'],
  ['library.prompts', 'user_id'],
  ['library.deleted_prompts', 'user_id'],
  ['library.prompt_versions', 'user_id'],
  ['library.tags', 'user_id'],
  ['library.user_tiers', 'user_id'],
  ['sharing.share_links', 'owner_id'],
  ['sharing.prompt_texts', 'owner_id'],
  ['billing.customers', 'user_id'],
  ['billing.checkout_sessions', 'user_id'],
  ['billing.subscriptions', 'user_id'],
  ['billing.user_tiers', 'user_id'],
];

describe('deleting an account, across every service', () => {
  let stack: Stack;
  let gateway: Gateway;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startStack('acctdel', ['auth', 'library', 'sharing', 'billing']);
    gateway = await stack.startGateway();
    redis = new Redis(stack.env.REDIS_URL);
  }, 270_000);

  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  }, 90_000);

  /** The rows each table holds of the user, for those that hold any. */
  async function rowsOf(userId: number): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const [table, column] of USER_COLUMNS) {
      const [{ n }] = await databaseQuery<{ n: number }>(
        stack,
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [userId],
      );
      if (n > 0) found[table] = n;
    }
    // Stripe's events name the user's customer and subscriptions, never the user.
    const [{ n: events }] = await databaseQuery<{ n: number }>(
      stack,
      `SELECT count(*)::int AS n FROM billing.stripe_events
       WHERE payload->'data'->'object'->>'customer' = $1`,
      [`cus_${userId}`],
    );
    if (events > 0) found['billing.stripe_events'] = events;
    return found;
  }

  /** Each key of the stack's namespace in Redis that names the user or holds their name or id. */
  async function redisOf(user: LibraryUser): Promise<string[]> {
    const found: string[] = [];
    const id = String(user.id);
    for await (const keys of redis.scanStream({
      match: `${stack.namespace}:*`,
      count: 1_000,
    }) as AsyncIterable<string[]>) {
      for (const key of keys) {
        const parts = key.split(':');
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? JSON.stringify(await redis.hgetall(key))
              : type === 'zset'
                ? JSON.stringify(await redis.zrange(key, 0, -1))
                : type === 'set'
                  ? JSON.stringify(await redis.smembers(key))
                  : '';
        const named = parts.includes(id) || parts.some((part) => part.includes(user.username.toLowerCase()));
        const holds =
          (value ?? '').includes(user.username) || new RegExp(`"(user)?[iI]d":${id}[,}]`).test(value ?? '');
        if (named || holds) found.push(key);
      }
    }
    return found;
  }

  /** A Pro user with everything the app keeps: categories, tagged and edited prompts, a deleted one, a viewed share link, a key, two sessions. */
  async function fullAccount() {
    const user = await newLibraryUser(gateway.url, 'leaving');
    const { sessionId } = await startCheckout(user);
    await pay(stack, sessionId);
    expect(await pollCheckout(user, sessionId)).toBe(true);
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    const kept = await createPrompt(user, { title: 'Kept', content: 'First text.', categoryId: writing.id });
    await user.client.send(
      'PATCH',
      `/api/prompts/${kept.id}`,
      { title: 'Kept', content: 'Second text.', categoryId: writing.id, tags: ['draft'] },
      {},
    );
    const gone = await createPrompt(user, { title: 'Gone' });
    expect((await user.client.send('DELETE', `/api/prompts/${gone.id}`, undefined, {})).status).toBe(200);
    const shared = await user.client.post<{ shareId: string }>(`/api/prompts/${kept.id}/share`);
    expect((await new ApiClient(gateway.url).get(`/api/shared/${shared.body.shareId}`)).status).toBe(200);
    const key = (await user.client.post<{ key: string }>('/api/api-keys', { name: 'Script', scope: 'read' }))
      .body.key;
    const phone = new ApiClient(gateway.url);
    expect(
      (await phone.post('/api/login', { username: user.username, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    return { user, sessionId, shareId: shared.body.shareId, key, phone };
  }

  const withKey = (key: string) =>
    fetch(`${gateway.url}/api/prompts/cards`, { headers: { Authorization: `Bearer ${key}` } });

  it('deletes everything of the user in every service and Redis, cancels their subscription, and frees their name', async () => {
    const { user, sessionId, shareId, key, phone } = await fullAccount();
    const bystander = await newLibraryUser(gateway.url, 'staying');
    const theirs = await createPrompt(bystander, { title: 'Theirs' });
    const theirLink = (await bystander.client.post<{ shareId: string }>(`/api/prompts/${theirs.id}/share`))
      .body.shareId;
    const bystanderRows = await rowsOf(bystander.id);
    const before = await rowsOf(user.id);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(USER_COLUMNS.map(([table]) => table)));
    expect((await withKey(key)).status).toBe(200);

    // The name typed otherwise, or a wrong password: nothing happens.
    const mistyped = await user.client.send<ApiError>(
      'DELETE',
      '/api/user',
      { confirmUsername: user.username.toUpperCase(), password: STRONG_PASSWORD },
      {},
    );
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.rules).toEqual({ confirmUsername: 'invalid' });
    const wrong = await user.client.send<ApiError>(
      'DELETE',
      '/api/user',
      { confirmUsername: user.username, password: 'not-my-password' },
      {},
    );
    expect(wrong.body.rules).toEqual({ password: 'incorrect' });
    expect(await rowsOf(user.id)).toEqual(before);

    const deleted = await user.client.send(
      'DELETE',
      '/api/user',
      { confirmUsername: user.username, password: STRONG_PASSWORD },
      {},
    );
    expect(deleted.status).toBe(200);
    // Refused at once: this browser, the other device, the key.
    expect(user.client.sessionCookie).toBeUndefined();
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await withKey(key)).status).toBe(401);

    expect(
      await eventually(
        () => rowsOf(user.id),
        (rows) => Object.keys(rows).length === 0,
        20_000,
      ),
    ).toEqual({});
    expect((await new ApiClient(gateway.url).get(`/api/shared/${shareId}`)).status).toBe(404);
    expect(await redisOf(user)).toEqual([]);
    const subscription = await stripeOf(stack).subscriptions.retrieve(await subscriptionOf(stack, sessionId));
    expect(subscription.status).toBe('canceled');

    // The name is free again, for a new account that starts empty.
    const again = new ApiClient(gateway.url);
    const registered = await again.post<{ user: { id: number; isPro: boolean } }>('/api/register', {
      username: user.username,
      password: STRONG_PASSWORD,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ isPro: false });
    expect((await again.get<Prompt[]>('/api/prompts')).body).toEqual([]);

    expect(await rowsOf(bystander.id)).toEqual(bystanderRows);
    expect((await new ApiClient(gateway.url).get(`/api/shared/${theirLink}`)).status).toBe(200);
  });

  it('finishes the deletion in a service that was down when it was asked for, once it is back', async () => {
    const user = await newLibraryUser(gateway.url, 'whiledown');
    await createPrompt(user, { title: 'Written before' });
    expect(await rowsOf(user.id)).toMatchObject({ 'library.prompts': 1 });
    await stack.services.library.stop();
    try {
      const deleted = await user.client.send(
        'DELETE',
        '/api/user',
        { confirmUsername: user.username, password: STRONG_PASSWORD },
        {},
      );
      expect(deleted.status).toBe(200);
      expect(
        await eventually(
          () => rowsOf(user.id),
          (rows) => !('auth.users' in rows),
          10_000,
        ),
      ).not.toHaveProperty(['auth.users']);
      expect(await rowsOf(user.id)).toMatchObject({ 'library.prompts': 1 });
    } finally {
      await stack.startService('library');
    }
    expect(
      await eventually(
        () => rowsOf(user.id),
        (rows) => Object.keys(rows).length === 0,
        20_000,
      ),
    ).toEqual({});
  });

  it('refuses to delete without a session, from another site, or with a key', async () => {
    const user = await newLibraryUser(gateway.url, 'guarded');
    const body = { confirmUsername: user.username, password: STRONG_PASSWORD };
    expect((await new ApiClient(gateway.url).send('DELETE', '/api/user', body, {})).status).toBe(401);
    const foreign = new ApiClient(gateway.url, 'https://evil.example').useCookie(user.client.sessionCookie);
    expect((await foreign.send('DELETE', '/api/user', body, {})).status).toBe(403);
    const key = (await user.client.post<{ key: string }>('/api/api-keys', { name: 'Script', scope: 'write' }))
      .body.key;
    const withWriteKey = await fetch(`${gateway.url}/api/user`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(withWriteKey.status).toBe(403);
    expect(await rowsOf(user.id)).toMatchObject({ 'auth.users': 1 });
  });
});
