import type { ApiError, Prompt, ShareLink, SharedLink, SharedPrompt } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import { Client } from 'pg';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { eventsHandledBy } from '../support/events';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

const GONE = 'This prompt does not exist or has been removed.';
// A cache hit answers in milliseconds, seconds on a loaded machine; a read waiting on a locked
// table would wait for as long as the lock is held.
const UNTOUCHED_READ_DEADLINE_MS = 10_000;

const DEADLOCK_DETECTED = '40P01';

describe('share links through the gateway', () => {
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    stack = await startStack('share', ['auth', 'library', 'sharing'], {
      // A free account may make a second category here, to have one to delete.
      services: { SHARE_VIEWS_FLUSH_INTERVAL_MS: '200', FREE_CATEGORY_LIMIT: '3' },
      // Each test's visitors are told apart by the address the proxy in front reports.
      gateway: { TRUST_PROXY: 'loopback', RATE_LIMIT_SHARED_READS_PER_CLIENT: '1000/1m' },
    });
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  /** A public read with no cookie, from the visitor at `client`. */
  async function visit(shareId: string, client = '203.0.113.1', signal?: AbortSignal) {
    const response = await fetch(`${gateway.url}/api/shared/${shareId}`, {
      headers: { 'X-Forwarded-For': client },
      signal,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  async function share(user: LibraryUser, prompt: Prompt) {
    return user.client.post<ShareLink>(`/api/prompts/${prompt.id}/share`);
  }

  async function sharedPrompt(user: LibraryUser, overrides: { title?: string; content?: string } = {}) {
    const prompt = await createPrompt(user, overrides);
    const link = (await share(user, prompt)).body;
    return { prompt, link };
  }

  async function edit(
    user: LibraryUser,
    prompt: Prompt,
    fields: { title: string; content: string; categoryId: number | null },
  ) {
    const res = await user.client.send<Prompt>('PATCH', `/api/prompts/${prompt.id}`, fields, {});
    expect(res.status).toBe(200);
  }

  const linksOf = async (user: LibraryUser) => (await user.client.get<SharedLink[]>('/api/shares')).body;

  it('makes one link per prompt, readable by anyone without a session, and lists it with its views', async () => {
    const owner = await newLibraryUser(gateway.url, 'sharer');
    const prompt = await createPrompt(owner, { title: 'Weekly summary', content: 'Summarise my week.' });
    const first = await share(owner, prompt);
    expect(first.status).toBe(200);
    expect(first.body.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.url).toBe(`${gateway.url}/shared/${first.body.shareId}`);
    expect((await share(owner, prompt)).body).toEqual(first.body);

    const read = await visit(first.body.shareId);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ title: 'Weekly summary', content: 'Summarise my week.' });
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('x-robots-tag')).toBe('noindex');

    const links = await eventually(
      () => linksOf(owner),
      (found) => found[0]?.views === 1,
    );
    expect(links).toEqual([
      {
        promptId: prompt.id,
        title: 'Weekly summary',
        shareId: first.body.shareId,
        url: first.body.url,
        views: 1,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('lets no other user share, revoke or list someone’s prompt', async () => {
    const owner = await newLibraryUser(gateway.url, 'owner');
    const stranger = await newLibraryUser(gateway.url, 'stranger');
    const { prompt, link } = await sharedPrompt(owner);
    const notFound = { statusCode: 404, code: 'NOT_FOUND' };
    const shared = await stranger.client.post<ApiError>(`/api/prompts/${prompt.id}/share`);
    expect(shared).toMatchObject({ status: 404, body: notFound });
    const revoked = await stranger.client.send<ApiError>(
      'DELETE',
      `/api/prompts/${prompt.id}/share`,
      undefined,
      {},
    );
    expect(revoked).toMatchObject({ status: 404, body: notFound });
    expect(await linksOf(stranger)).toEqual([]);
    expect((await visit(link.shareId)).status).toBe(200);
    // Signed out, the user's calls need a session; a public read never does.
    const signedOut = await fetch(`${gateway.url}/api/shares`);
    expect(signedOut.status).toBe(401);
  });

  it('answers the same 404 for unknown, malformed and revoked links, and a new id after sharing again', async () => {
    const owner = await newLibraryUser(gateway.url, 'revoker');
    const { prompt, link } = await sharedPrompt(owner);
    expect((await visit(link.shareId)).status).toBe(200);
    const revoke = await owner.client.send('DELETE', `/api/prompts/${prompt.id}/share`, undefined, {});
    expect(revoke).toMatchObject({ status: 200, body: { success: true } });

    const expected = { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: GONE } };
    expect(await visit(link.shareId)).toMatchObject(expected);
    expect(await visit('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject(expected);
    for (const malformed of ['123', 'not-a-share-id', `${link.shareId}x`, '%3Cscript%3E']) {
      const answer = await visit(malformed);
      expect(answer).toMatchObject(expected);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(await linksOf(owner)).toEqual([]);
    expect(
      (await owner.client.send<ApiError>('DELETE', `/api/prompts/${prompt.id}/share`, undefined, {})).status,
    ).toBe(404);

    const again = (await share(owner, prompt)).body;
    expect(again.shareId).not.toBe(link.shareId);
    expect((await visit(again.shareId)).status).toBe(200);
    expect((await visit(link.shareId)).status).toBe(404);
  });

  it('shows an edit on the public page and in the owner’s list, and 404 once the prompt or its category is deleted', async () => {
    const owner = await newLibraryUser(gateway.url, 'editor');
    const { prompt, link } = await sharedPrompt(owner, { title: 'First title' });
    expect((await visit(link.shareId)).body).toMatchObject({ title: 'First title' });
    await edit(owner, prompt, { title: 'Second title', content: 'New content.', categoryId: null });
    const edited = await eventually(
      () => visit(link.shareId),
      (answer) => (answer.body as SharedPrompt).title === 'Second title',
    );
    expect(edited.body).toEqual({ title: 'Second title', content: 'New content.' });
    expect(await linksOf(owner)).toMatchObject([{ shareId: link.shareId, title: 'Second title' }]);

    await owner.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    expect(
      (
        await eventually(
          () => visit(link.shareId),
          (answer) => answer.status === 404,
        )
      ).status,
    ).toBe(404);
    expect(await linksOf(owner)).toEqual([]);
  });

  it('brings a deleted prompt’s link back, at the same address, when the deletion is undone', async () => {
    const owner = await newLibraryUser(gateway.url, 'undo');
    const { prompt, link } = await sharedPrompt(owner, { title: 'Worth keeping' });
    await owner.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    await eventually(
      () => visit(link.shareId),
      (answer) => answer.status === 404,
    );
    expect(await linksOf(owner)).toEqual([]);

    const restored = await owner.client.post('/api/prompts/restore', { promptIds: [prompt.id] });
    expect(restored).toMatchObject({ status: 200, body: { promptIds: [prompt.id] } });
    const back = await eventually(
      () => visit(link.shareId),
      (answer) => answer.status === 200,
    );
    expect(back.body).toEqual({ title: 'Worth keeping', content: prompt.content });
    expect(await linksOf(owner)).toMatchObject([{ shareId: link.shareId, title: 'Worth keeping' }]);
  });

  it('ends the links of every prompt in a deleted category', async () => {
    const owner = await newLibraryUser(gateway.url, 'catdel');
    const writing = await owner.client.post<{ id: number }>('/api/categories', { name: 'Writing' });
    expect(writing.status).toBe(201);
    const { prompt, link } = await sharedPrompt(owner, { title: 'Moved along' });
    await edit(owner, prompt, { title: 'Moved along', content: prompt.content, categoryId: writing.body.id });
    expect((await visit(link.shareId)).status).toBe(200);
    const deleted = await owner.client.send('DELETE', `/api/categories/${writing.body.id}`, undefined, {});
    expect(deleted.status).toBe(200);
    expect(
      (
        await eventually(
          () => visit(link.shareId),
          (answer) => answer.status === 404,
        )
      ).status,
    ).toBe(404);
  });

  it('never shows older text after sharing was down while the prompt was edited and then deleted', async () => {
    const owner = await newLibraryUser(gateway.url, 'offline');
    const { prompt, link } = await sharedPrompt(owner, { title: 'Before the outage' });
    expect((await visit(link.shareId)).status).toBe(200);
    await stack.services.sharing.stop();
    await edit(owner, prompt, {
      title: 'During the outage',
      content: 'Edited while sharing was down.',
      categoryId: null,
    });
    await owner.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    await stack.startService('sharing');
    // The restarted service answers only once it has caught up: its first answer is already 404.
    expect(await visit(link.shareId)).toMatchObject({ status: 404, body: { message: GONE } });
  });

  it('keeps answering public reads while the library is down', async () => {
    const owner = await newLibraryUser(gateway.url, 'libdown');
    const { link } = await sharedPrompt(owner, { title: 'Still readable' });
    await stack.services.library.stop();
    try {
      // The link was never read: this read misses the cache and finds the text in sharing's own read model.
      expect(await visit(link.shareId, '203.0.113.90')).toMatchObject({
        status: 200,
        body: { title: 'Still readable' },
      });
    } finally {
      await stack.startService('library');
    }
  });

  it('counts one view per client per link: 100 reads from one client are one view, three clients three', async () => {
    const owner = await newLibraryUser(gateway.url, 'views');
    const { link } = await sharedPrompt(owner);
    for (let i = 0; i < 100; i += 1) expect((await visit(link.shareId, '198.51.100.7')).status).toBe(200);
    await eventually(
      () => linksOf(owner),
      (found) => found[0]?.views === 1,
    );
    // Flushed to Postgres, not only pending in Redis.
    await eventually(
      () =>
        databaseQuery<{ views: string }>(stack, 'SELECT views FROM sharing.share_links WHERE id = $1', [
          link.shareId,
        ]),
      (rows) => rows[0]?.views === '1',
    );
    await visit(link.shareId, '198.51.100.8');
    await visit(link.shareId, '198.51.100.9');
    const links = await eventually(
      () => linksOf(owner),
      (found) => found[0]?.views === 3,
    );
    expect(links[0].views).toBe(3);
    const [row] = await eventually(
      () =>
        databaseQuery<{ views: string }>(stack, 'SELECT views FROM sharing.share_links WHERE id = $1', [
          link.shareId,
        ]),
      (rows) => rows[0]?.views === '3',
    );
    expect(row.views).toBe('3');
  });

  it('answers a repeated read from the cache: the hit is counted, and Postgres is not touched', async () => {
    const owner = await newLibraryUser(gateway.url, 'cache');
    const { link } = await sharedPrompt(owner);
    // The prompt's events reach sharing after the link is made, and each invalidates its cached
    // read: handled first, so the entry the next visit stores stays for the locked reads.
    await eventsHandledBy(stack, 'sharing');
    const client = '192.0.2.55';
    expect((await visit(link.shareId, client)).status).toBe(200);
    const metrics = async () => {
      const text = await (
        await fetch(`http://127.0.0.1:${stack.services.sharing.healthPort}/metrics`)
      ).text();
      const count = (result: string) =>
        Number(
          new RegExp(`sharing_public_read_cache_total\\{result="${result}"[^}]*\\} (\\d+)`).exec(text)?.[1] ??
            0,
        );
      return { hit: count('hit'), miss: count('miss') };
    };
    const before = await metrics();
    // The tables a read could touch are locked against reads and writes while the cached link is
    // read five times: a read that reached Postgres would wait for the lock and miss its deadline.
    const locker = new Client({ connectionString: stack.env.DATABASE_URL });
    await locker.connect();
    try {
      // The service's own view flush may hold one of these tables as the lock is taken: Postgres
      // then picks one side of the deadlock to fail, and the lock is simply taken again.
      for (let attempt = 1; ; attempt += 1) {
        await locker.query('BEGIN');
        const locked = await locker
          .query(
            'LOCK TABLE sharing.share_links, sharing.prompt_texts, sharing.view_batches IN ACCESS EXCLUSIVE MODE',
          )
          .then(
            () => true,
            async (error: { code?: string }) => {
              await locker.query('ROLLBACK');
              if (error.code !== DEADLOCK_DETECTED || attempt === 5) throw error;
              return false;
            },
          );
        if (locked) break;
      }
      for (let i = 0; i < 5; i += 1) {
        const read = await visit(link.shareId, client, AbortSignal.timeout(UNTOUCHED_READ_DEADLINE_MS));
        expect(read.status).toBe(200);
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const after = await metrics();
    expect(after.hit - before.hit).toBe(5);
    expect(after.miss).toBe(before.miss);
  }, 270_000);

  it('escapes a title with markup in the page and its preview tags', async () => {
    const owner = await newLibraryUser(gateway.url, 'preview');
    const title = '<script>alert("x")</script> & more';
    const { link } = await sharedPrompt(owner, { title, content: 'Preview "this" <b>content</b>.' });
    const page = await fetch(link.url, { headers: { 'X-Forwarded-For': '192.0.2.80' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const html = await page.text();
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more';
    expect(html).toContain(`<title>${escaped} · Prompt Library</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escaped}" />`);
    expect(html).toContain('content="Preview &quot;this&quot; &lt;b&gt;content&lt;/b&gt;."');
    expect(html).not.toContain('<script>alert');
    // The SPA itself is still there to render the page.
    expect(html).toContain('<div id="root"></div>');

    const missing = await fetch(`${gateway.url}/shared/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
    const robots = await fetch(`${gateway.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent: *');
  });

  it('serves a visitor over the read limit the plain page, whose own call then answers 429', async () => {
    const owner = await newLibraryUser(gateway.url, 'limited');
    const { link } = await sharedPrompt(owner, { title: 'Limited preview' });
    const strict = await stack.startGateway({
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_SHARED_READS_PER_CLIENT: '2/1m',
    });
    const page = () =>
      fetch(`${strict.url}/shared/${link.shareId}`, { headers: { 'X-Forwarded-For': '192.0.2.199' } });
    for (let read = 0; read < 2; read += 1) {
      expect(await (await page()).text()).toContain('Limited preview · Prompt Library');
    }
    const over = await page();
    expect(over.status).toBe(200);
    const html = await over.text();
    expect(html).not.toContain('Limited preview');
    expect(html).toContain('<div id="root"></div>');
    const call = await fetch(`${strict.url}/api/shared/${link.shareId}`, {
      headers: { 'X-Forwarded-For': '192.0.2.199' },
    });
    expect(call.status).toBe(429);
    expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
