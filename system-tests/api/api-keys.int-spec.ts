import type { ApiError, ApiKeySummary, CreatedApiKey, Prompt } from '@promptlib/proto';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { Gateway, GatewayAddress } from '../support/stack';

/** A program's call with a key: no cookie, no Origin, as a script or an AI client sends it. */
async function withKey<T>(
  gateway: GatewayAddress,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, ...extraHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe('personal API keys through the gateway', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;
  let second: Gateway;

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
    // The second replica gives each key a small allowance, for a test to reach it.
    second = await stack.startGateway({ RATE_LIMIT_REQUESTS_PER_API_KEY: '40/1m' });
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const createKey = async (user: LibraryUser, body: Record<string, unknown>) => {
    const res = await user.client.post<CreatedApiKey>('/api/api-keys', body);
    if (res.status !== 201)
      throw new Error(`key creation answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('shows a key once, lists it without the secret, and lets it read the library on any replica', async () => {
    const user = await newLibraryUser(gateway.url, 'keys');
    const prompt = await createPrompt(user, { title: 'Standup notes' });
    const created = await createKey(user, { name: '  Laptop script ', scope: 'read' });
    expect(created.key).toMatch(/^plk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Laptop script',
      scope: 'read',
      expiresAt: null,
      lastUsedAt: null,
    });

    for (const replica of [gateway, second, gateway]) {
      const read = await withKey<Prompt[]>(replica, created.key, 'GET', '/api/prompts');
      expect(read.status).toBe(200);
      expect(read.body.map((item) => item.id)).toEqual([prompt.id]);
    }
    const listed = await user.client.get<ApiKeySummary[]>('/api/api-keys');
    expect(listed.body).toEqual([
      {
        id: created.id,
        name: 'Laptop script',
        scope: 'read',
        start: created.key.slice(0, 12),
        createdAt: created.createdAt,
        expiresAt: null,
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
  });

  it('lets a read key read only, a write key change the library without CSRF, and neither manage keys', async () => {
    const user = await newLibraryUser(gateway.url, 'keyscope');
    const read = await createKey(user, { name: 'Reader', scope: 'read' });
    const write = await createKey(user, { name: 'Writer', scope: 'write' });
    const body = { title: 'From a script', content: 'Written by a program.', categoryId: null };

    const refused = await withKey<ApiError>(gateway, read.key, 'POST', '/api/prompts', body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const made = await withKey<Prompt>(gateway, write.key, 'POST', '/api/prompts', body);
    expect(made.status).toBe(201);
    expect(made.body.title).toBe('From a script');
    expect((await withKey(gateway, write.key, 'DELETE', `/api/prompts/${made.body.id}`)).status).toBe(200);

    for (const key of [read.key, write.key]) {
      expect((await withKey(gateway, key, 'GET', '/api/api-keys')).status).toBe(403);
      expect(
        (await withKey(gateway, key, 'POST', '/api/api-keys', { name: 'More', scope: 'write' })).status,
      ).toBe(403);
      expect((await withKey(gateway, key, 'DELETE', `/api/api-keys/${read.id}`)).status).toBe(403);
    }
    expect((await user.client.get<ApiKeySummary[]>('/api/api-keys')).body).toHaveLength(2);
  });

  it('refuses a revoked key at once on every replica, an expired one, a malformed one, and a key with a cookie', async () => {
    const user = await newLibraryUser(gateway.url, 'keyrevoke');
    const key = await createKey(user, { name: 'Soon gone', scope: 'read' });
    expect((await withKey(second, key.key, 'GET', '/api/prompts')).status).toBe(200);
    expect((await user.client.send('DELETE', `/api/api-keys/${key.id}`, undefined, {})).status).toBe(200);
    for (const replica of [gateway, second]) {
      const refused = await withKey<ApiError>(replica, key.key, 'GET', '/api/prompts');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
    }
    expect((await user.client.send('DELETE', `/api/api-keys/${key.id}`, undefined, {})).status).toBe(404);

    const expiring = await createKey(user, {
      name: 'Expiring',
      scope: 'read',
      expiresAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect((await withKey(gateway, expiring.key, 'GET', '/api/prompts')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await withKey(gateway, expiring.key, 'GET', '/api/prompts')).status).toBe(401);

    for (const header of [
      'Bearer',
      'Bearer plk_short',
      `Basic ${expiring.key}`,
      `Bearer ${'x'.repeat(47)}`,
    ]) {
      const response = await fetch(`${gateway.url}/api/prompts`, { headers: { Authorization: header } });
      expect(response.status).toBe(401);
    }
    const live = await createKey(user, { name: 'Live', scope: 'read' });
    const both = await withKey<ApiError>(gateway, live.key, 'GET', '/api/prompts', undefined, {
      Cookie: user.client.sessionCookie!,
    });
    expect(both.status).toBe(400);
  });

  it('answers a key’s calls from any web origin, refusals too, and no cookie-signed call across sites', async () => {
    const user = await newLibraryUser(gateway.url, 'keyscors');
    await createPrompt(user, { title: 'Cross origin', content: 'Read by an extension.' });
    const { key, id } = await createKey(user, { name: 'Extension', scope: 'write' });
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

    const preflight = await fetch(`${gateway.url}/api/prompts/cards`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    // A preflight of a call without a key (one a browser would sign with its cookie) is not answered so.
    const cookiePreflight = await fetch(`${gateway.url}/api/prompts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(cookiePreflight.headers.get('access-control-allow-origin')).toBeNull();

    const read = await withKey<{ cards: { title: string }[] }>(
      gateway,
      key,
      'GET',
      '/api/prompts/cards',
      undefined,
      {
        Origin: origin,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.cards.map((card) => card.title)).toEqual(['Cross origin']);
    const cors = await fetch(`${gateway.url}/api/prompts/cards`, {
      headers: { Authorization: `Bearer ${key}`, Origin: origin },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
    const signedIn = await user.client.get('/api/prompts');
    expect(signedIn.headers.get('access-control-allow-origin')).toBeNull();

    await user.client.send('DELETE', `/api/api-keys/${id}`, undefined, {});
    const refused = await fetch(`${gateway.url}/api/prompts/cards`, {
      headers: { Authorization: `Bearer ${key}`, Origin: origin },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never shows another user’s prompts to a key, nor lets a user revoke another’s key', async () => {
    const alice = await newLibraryUser(gateway.url, 'keyalice');
    const bob = await newLibraryUser(gateway.url, 'keybob');
    const alicePrompt = await createPrompt(alice, { title: 'Alice only' });
    const bobKey = await createKey(bob, { name: 'Bob', scope: 'write' });
    expect((await withKey<Prompt[]>(gateway, bobKey.key, 'GET', '/api/prompts')).body).toEqual([]);
    expect((await withKey(gateway, bobKey.key, 'GET', `/api/prompts/${alicePrompt.id}`)).status).toBe(404);
    const aliceKey = await createKey(alice, { name: 'Alice', scope: 'read' });
    expect((await bob.client.send('DELETE', `/api/api-keys/${aliceKey.id}`, undefined, {})).status).toBe(404);
    expect((await withKey(gateway, aliceKey.key, 'GET', '/api/prompts')).status).toBe(200);
  });

  it('counts a key’s requests against its own allowance, not its user’s other keys’', async () => {
    const user = await newLibraryUser(gateway.url, 'keyrate');
    const busy = await createKey(user, { name: 'Busy', scope: 'read' });
    const calm = await createKey(user, { name: 'Calm', scope: 'read' });
    const statuses = [];
    for (let n = 0; n < 45; n += 1)
      statuses.push((await withKey(second, busy.key, 'GET', '/api/tags')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(40);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const limited = await withKey<ApiError>(second, busy.key, 'GET', '/api/tags');
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', params: { action: 'apiKey' } });
    expect((await withKey(second, calm.key, 'GET', '/api/tags')).status).toBe(200);
  });

  it('takes ten keys a user, and names bad input', async () => {
    const user = await newLibraryUser(gateway.url, 'keylimit');
    const bad = await user.client.post<ApiError>('/api/api-keys', {
      name: '',
      scope: 'admin',
      expiresAt: 'tomorrow',
    });
    expect(bad.status).toBe(400);
    const past = await user.client.post<ApiError>('/api/api-keys', {
      name: 'Past',
      scope: 'read',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.rules).toEqual({ expiresAt: 'invalid' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        user.client.post<ApiError>('/api/api-keys', { name: `Key ${n}`, scope: 'read' }),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(10);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.code])).toEqual([
      [403, 'API_KEY_LIMIT_REACHED'],
      [403, 'API_KEY_LIMIT_REACHED'],
    ]);
  });
});
