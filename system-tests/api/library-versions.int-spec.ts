import type {
  ApiError,
  ImportResult,
  LimitsRecord,
  Prompt,
  PromptHistoryPage,
  PromptVersion,
  SharedPrompt,
  ShareLink,
} from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import { streamEvents } from '../support/events';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { databaseQuery } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';
import { makePro } from '../support/tiers';

// A deleted prompt waits this long for its Undo here, so a test can see the deletion become final.
const RESTORE_SECONDS = 3;
const PRO_VERSIONS_KEPT = 30;

describe('a prompt’s version history', () => {
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    stack = await startStack('libversions', ['auth', 'library', 'sharing'], {
      services: {
        DELETED_PROMPT_RESTORE_SECONDS: String(RESTORE_SECONDS),
        PRO_VERSIONS_KEPT: String(PRO_VERSIONS_KEPT),
      },
      gateway: { RATE_LIMIT_WRITES_PER_USER: '1000/1m' },
    });
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const versionsOf = async (user: LibraryUser, promptId: number) => {
    const res = await user.client.get<PromptVersion[]>(`/api/prompts/${promptId}/versions`);
    expect(res.status).toBe(200);
    return res.body;
  };

  async function edit(user: LibraryUser, prompt: Prompt, title: string, content = prompt.content) {
    const res = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${prompt.id}`,
      { title, content, categoryId: prompt.categoryId },
      {},
    );
    expect(res.status).toBe(200);
    return res.body;
  }

  it('keeps a version of the create and of each edit, none of a copy or a favourite', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    const prompt = await createPrompt(user, { title: 'First title', content: 'First content here.' });
    await edit(user, prompt, 'Second title');
    await user.client.post(`/api/prompts/${prompt.id}/copy`);
    await user.client.post(`/api/prompts/${prompt.id}/toggle-favorite`);
    await edit(user, prompt, 'Third title', 'Third content here.');

    const versions = await versionsOf(user, prompt.id);
    expect(versions.map(({ version, title, source }) => ({ version, title, source }))).toEqual([
      { version: 3, title: 'Third title', source: 'app' },
      { version: 2, title: 'Second title', source: 'app' },
      { version: 1, title: 'First title', source: 'app' },
    ]);
    expect(versions[2]).toEqual({
      version: 1,
      title: 'First title',
      content: 'First content here.',
      categoryId: user.general.id,
      createdAt: prompt.createdAt,
      source: 'app',
    });
    const one = await user.client.get<PromptVersion>(`/api/prompts/${prompt.id}/versions/2`);
    expect(one.body).toEqual(versions[1]);
    const missing = await user.client.get<ApiError>(`/api/prompts/${prompt.id}/versions/9`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Version not found' });
  });

  it('restores an old version as a new one, announced as an edit, and a share page follows it', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    const prompt = await createPrompt(user, { title: 'Original title', content: 'Original content.' });
    const link = (await user.client.post<ShareLink>(`/api/prompts/${prompt.id}/share`)).body;
    await edit(user, prompt, 'Careless edit', 'Careless content.');
    const shared = () => fetch(`${gateway.url}/api/shared/${link.shareId}`).then((res) => res.json());
    await eventually(shared, (body: SharedPrompt) => body.title === 'Careless edit');

    const res = await user.client.post<Prompt>(`/api/prompts/${prompt.id}/versions/1/restore`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: prompt.id, title: 'Original title', content: 'Original content.' });
    const versions = await versionsOf(user, prompt.id);
    expect(versions.map(({ version, title, source }) => [version, title, source])).toEqual([
      [3, 'Original title', 'restore'],
      [2, 'Careless edit', 'app'],
      [1, 'Original title', 'app'],
    ]);
    const updates = await eventually(
      () => streamEvents(stack, 'events.prompt.updated'),
      (all) => all.filter((event) => event.data.promptId === prompt.id).length >= 3,
    );
    expect(updates.filter((event) => event.data.promptId === prompt.id).at(-1)!.data).toMatchObject({
      title: 'Original title',
      content: 'Original content.',
      version: 3,
    });
    await eventually(shared, (body: SharedPrompt) => body.title === 'Original title');
  });

  it('keeps each plan’s number of newest versions, as the limits record says', async () => {
    const free = await newLibraryUser(gateway.url, 'ver');
    const prompt = await createPrompt(free, { title: 'Edit 0' });
    for (let n = 1; n <= 21; n += 1) await edit(free, prompt, `Edit ${n}`);
    const kept = await versionsOf(free, prompt.id);
    expect(kept.map((version) => version.version)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    expect((await free.client.get<LimitsRecord>('/api/user/limits')).body.versionsKept).toBe(20);

    const pro = await newLibraryUser(gateway.url, 'ver');
    await makePro(stack, pro);
    const proPrompt = await createPrompt(pro, { title: 'Edit 0' });
    for (let n = 1; n <= PRO_VERSIONS_KEPT + 2; n += 1) await edit(pro, proPrompt, `Edit ${n}`);
    const proKept = await versionsOf(pro, proPrompt.id);
    expect(proKept).toHaveLength(PRO_VERSIONS_KEPT);
    expect(proKept.at(-1)!.title).toBe('Edit 3');
    expect((await pro.client.get<LimitsRecord>('/api/user/limits')).body.versionsKept).toBe(
      PRO_VERSIONS_KEPT,
    );
  });

  it('answers 404 for another user’s history, and for a path that names no prompt or version', async () => {
    const owner = await newLibraryUser(gateway.url, 'ver');
    const other = await newLibraryUser(gateway.url, 'ver');
    const prompt = await createPrompt(owner);
    for (const path of [
      `/api/prompts/${prompt.id}/versions`,
      `/api/prompts/${prompt.id}/versions/1`,
      '/api/prompts/abc/versions',
      `/api/prompts/${prompt.id}/versions/0`,
      `/api/prompts/${prompt.id}/versions/1.5`,
    ]) {
      const res = await other.client.get<ApiError>(path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const restore = await other.client.post<ApiError>(`/api/prompts/${prompt.id}/versions/1/restore`);
    expect(restore.status).toBe(404);
    expect((await other.client.get<PromptHistoryPage>('/api/prompts/history')).body.versions).toEqual([]);
  });

  it('hides a deleted prompt’s history, brings it back with an Undo, and deletes it with the deletion', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    const prompt = await createPrompt(user, { title: 'Doomed title' });
    await edit(user, prompt, 'Doomed edit');
    const stored = () =>
      databaseQuery<{ count: number }>(
        stack,
        'SELECT count(*)::int AS count FROM library.prompt_versions WHERE prompt_id = $1',
        [prompt.id],
      ).then(([row]) => row!.count);

    await user.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    expect((await user.client.get(`/api/prompts/${prompt.id}/versions`)).status).toBe(404);
    await user.client.post('/api/prompts/restore', { promptIds: [prompt.id] });
    expect(await versionsOf(user, prompt.id)).toHaveLength(2);

    await user.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    expect(await stored()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, RESTORE_SECONDS * 1000 + 200));
    // A replica purges what waited too long as it starts (and every minute after).
    const replica = await stack.startService('library');
    try {
      await eventually(stored, (count) => count === 0);
    } finally {
      await replica.stop();
    }
  });

  it('deletes the history of a category’s prompts with the category', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    await makePro(stack, user);
    const category = (await user.client.post<{ id: number }>('/api/categories', { name: 'Short lived' }))
      .body;
    const inside = await createPrompt(user, { categoryId: category.id });
    await user.client.send('DELETE', `/api/categories/${category.id}`, undefined, {});
    const rows = await databaseQuery(stack, 'SELECT 1 FROM library.prompt_versions WHERE prompt_id = $1', [
      inside.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('imports a prompt with its dates and history, and a history too long for one page in the next', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    const version = (n: number) => ({
      version: n,
      title: `Imported v${n}`,
      content: `Text of version ${n}.`,
      category: 'General',
      createdAt: `2025-03-0${n}T10:00:00.000Z`,
      source: n === 2 ? 'restore' : 'app',
    });
    const first = await user.client.post<ImportResult>('/api/prompts/import', {
      prompts: [
        {
          title: 'Imported v3',
          content: 'Text of version 3.',
          category: null,
          createdAt: '2025-03-01T10:00:00.000Z',
          updatedAt: '2025-03-03T10:00:00.000Z',
          versions: [version(3)],
        },
      ],
    });
    expect(first.status).toBe(200);
    const [outcome] = first.body.prompts;
    if (outcome?.status !== 'imported') throw new Error(`not imported: ${JSON.stringify(first.body)}`);
    const rest = { history: [{ promptId: outcome.id, versions: [version(1), version(2)] }], prompts: [] };
    const second = await user.client.post<ImportResult>('/api/prompts/import', rest);
    expect(second.body.history).toEqual([{ promptId: outcome.id, added: 2 }]);
    // Sent again (an answer lost on the way): nothing is added twice.
    expect((await user.client.post<ImportResult>('/api/prompts/import', rest)).body.history).toEqual([
      { promptId: outcome.id, added: 0 },
    ]);

    const prompt = (await user.client.get<Prompt>(`/api/prompts/${outcome.id}`)).body;
    expect(prompt).toMatchObject({
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-03T10:00:00.000Z',
    });
    const versions = await versionsOf(user, outcome.id);
    expect(versions.map(({ version: n, createdAt, source }) => [n, createdAt, source])).toEqual([
      [3, '2025-03-03T10:00:00.000Z', 'app'],
      [2, '2025-03-02T10:00:00.000Z', 'restore'],
      [1, '2025-03-01T10:00:00.000Z', 'app'],
    ]);
    // Another user cannot add to this prompt's history.
    const other = await newLibraryUser(gateway.url, 'ver');
    const foreign = await other.client.post<ImportResult>('/api/prompts/import', {
      prompts: [],
      history: [{ promptId: outcome.id, versions: [version(4)] }],
    });
    expect(foreign.body.history).toEqual([{ promptId: outcome.id, added: 0 }]);
    expect(await versionsOf(user, outcome.id)).toHaveLength(3);
  });

  it('keeps two imported snippets that differ only in indentation or case, and skips only the exact same', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    const item = (title: string, content: string) => ({ title, content, category: null });
    const res = await user.client.post<ImportResult>('/api/prompts/import', {
      prompts: [
        item('Python snippet', 'def f():\n    return 1'),
        item('Python snippet', 'def f():\n  return 1'),
        item('Hello World', 'Say hello.'),
        item('hello world', 'Say hello.'),
        item('Hello World', ' Say hello.\n'),
      ],
    });
    expect(res.body.prompts.map((prompt) => prompt.status)).toEqual([
      'imported',
      'imported',
      'imported',
      'imported',
      'skipped',
    ]);
    const history = (await user.client.get<PromptHistoryPage>('/api/prompts/history')).body;
    expect(history.versions.map((version) => version.source)).toEqual([
      'import',
      'import',
      'import',
      'import',
    ]);
    expect(history.next).toBeNull();
  });

  it('refuses a history query that is half given or not numbers', async () => {
    const user = await newLibraryUser(gateway.url, 'ver');
    for (const query of ['afterPrompt=1', 'afterVersion=1', 'afterPrompt=x&afterVersion=1', 'after=1']) {
      const res = await user.client.get<ApiError>(`/api/prompts/history?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });
});
