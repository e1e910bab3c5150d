import type {
  ApiError,
  Category,
  ImportResult,
  LimitsRecord,
  Prompt,
  SharedPrompt,
  ShareLink,
} from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import { ApiClient } from '../support/api-client';
import { streamEvents } from '../support/events';
import { limitsOf, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';
import { makeFree, makePro } from '../support/tiers';

type Item = {
  title: string;
  content: string;
  category: string | null;
  isFavorite?: boolean;
  usageCount?: number;
};

const item = (n: number, fields: Partial<Item> = {}): Item => ({
  title: `Imported prompt ${n}`,
  content: `The text of imported prompt number ${n}.`,
  category: null,
  ...fields,
});

describe('importing a library file page by page', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const importPage = (user: LibraryUser, page: unknown) =>
    user.client.post<ImportResult>('/api/prompts/import', page);

  async function proUser(prefix: string): Promise<LibraryUser> {
    const user = await newLibraryUser(gateway.url, prefix);
    await makePro(stack, user);
    return user;
  }

  const exported = {
    categories: ['Writing', 'Code', 'General'],
    prompts: [
      item(1, { category: 'Writing', isFavorite: true, usageCount: 7 }),
      item(2, { category: 'Code', usageCount: 1_000_000_000 }),
      item(3, { category: null, isFavorite: true }),
      item(4, { category: 'general' }),
    ],
  };

  it('imports a page: categories in order after the user’s own, favourites and use counts kept', async () => {
    const user = await proUser('imp');
    const mine = (await user.client.post<Category>('/api/categories', { name: 'Mine' })).body;

    const res = await importPage(user, exported);

    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([
      { name: 'Writing', status: 'created' },
      { name: 'Code', status: 'created' },
      { name: 'General', status: 'existing' },
    ]);
    expect(res.body.prompts).toEqual(
      exported.prompts.map(() => ({ status: 'imported', id: expect.any(Number) })),
    );
    const categories = (await user.client.get<Category[]>('/api/categories')).body;
    expect(categories.map((category) => category.name)).toEqual(['General', 'Mine', 'Writing', 'Code']);
    expect(categories[1]).toEqual(mine);
    const idOf = (name: string) => categories.find((category) => category.name === name)!.id;

    const prompts = await listPrompts(user);
    const ids = res.body.prompts.map((outcome) => (outcome.status === 'imported' ? outcome.id : 0));
    // Newest first: the page's last prompt is the newest.
    expect(prompts.map((prompt) => prompt.id)).toEqual([...ids].reverse());
    expect([...prompts].reverse()).toEqual([
      expect.objectContaining({
        ...pick(exported.prompts[0]),
        categoryId: idOf('Writing'),
        isFavorite: 1,
        usageCount: 7,
      }),
      expect.objectContaining({
        ...pick(exported.prompts[1]),
        categoryId: idOf('Code'),
        isFavorite: 0,
        usageCount: 1_000_000_000,
      }),
      expect.objectContaining({
        ...pick(exported.prompts[2]),
        categoryId: user.general.id,
        isFavorite: 1,
        usageCount: 0,
      }),
      expect.objectContaining({
        ...pick(exported.prompts[3]),
        categoryId: user.general.id,
        isFavorite: 0,
        usageCount: 0,
      }),
    ]);
  });

  it('adds nothing when the same page is imported again, its ends and its categories’ case aside', async () => {
    const user = await proUser('twice');
    expect((await importPage(user, exported)).status).toBe(200);
    const before = await listPrompts(user);

    const again = await importPage(user, exported);
    const padded = await importPage(user, {
      prompts: exported.prompts.map((prompt) => ({
        ...prompt,
        title: `  ${prompt.title} `,
        content: `\n${prompt.content}\t `,
        category: prompt.category?.toLowerCase() ?? null,
      })),
    });

    expect(again.body).toEqual({
      categories: exported.categories.map((name) => ({ name, status: 'existing' })),
      prompts: exported.prompts.map(() => ({ status: 'skipped', reason: 'duplicate' })),
      history: [],
    });
    expect(padded.body.prompts).toEqual(
      exported.prompts.map(() => ({ status: 'skipped', reason: 'duplicate' })),
    );
    expect(await listPrompts(user)).toEqual(before);
  });

  it('gives a free account its 5 prompts in General, whatever category they name, and skips the other 15', async () => {
    const user = await newLibraryUser(gateway.url, 'free');
    const page = {
      categories: ['Work'],
      prompts: [
        item(1, { category: 'Work' }),
        ...Array.from({ length: 20 }, (_, n) => item(n + 10)),
        item(2, { category: 'Work' }),
      ],
    };

    const res = await importPage(user, page);

    expect(res.status).toBe(200);
    // The category itself is not made: a free account has General alone.
    expect(res.body.categories).toEqual([{ name: 'Work', status: 'skipped', reason: 'category-limit' }]);
    const reasons = res.body.prompts.map((outcome) =>
      outcome.status === 'imported' ? 'imported' : outcome.reason,
    );
    expect(reasons).toEqual([
      ...Array<string>(5).fill('imported'),
      ...Array<string>(17).fill('prompt-limit'),
    ]);
    expect(await limitsOf(user)).toMatchObject<Partial<LimitsRecord>>({
      prompts: { used: 5, limit: 5, canCreate: false },
      categories: { used: 1, limit: 1, canCreate: false },
    });
    expect((await user.client.get<Category[]>('/api/categories')).body).toEqual([user.general]);
    expect((await listPrompts(user)).map((prompt) => [prompt.title, prompt.categoryId])).toEqual(
      [13, 12, 11, 10, 1].map((n) => [`Imported prompt ${n}`, user.general.id]),
    );
  });

  it('gives a free account General alone, even where it kept a category from its Pro days', async () => {
    const user = await proUser('was-pro');
    const kept = await user.client.post<Category>('/api/categories', { name: 'Kept' });
    expect(kept.status).toBe(201);
    await makeFree(stack, user);
    expect((await importPage(user, { prompts: [item(2)] })).body.prompts[0].status).toBe('imported');

    const res = await importPage(user, {
      categories: ['Kept'],
      // The second is the first page's prompt again, named for Kept: in General it is a duplicate.
      prompts: [item(1, { category: 'Kept' }), item(2, { category: 'Kept' })],
    });

    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([{ name: 'Kept', status: 'skipped', reason: 'category-limit' }]);
    expect(res.body.prompts.map((outcome) => outcome.status === 'imported' || outcome.reason)).toEqual([
      true,
      'duplicate',
    ]);
    expect((await listPrompts(user)).map((prompt) => [prompt.title, prompt.categoryId]).sort()).toEqual([
      ['Imported prompt 1', user.general.id],
      ['Imported prompt 2', user.general.id],
    ]);
  });

  it('skips the items that break a rule as invalid and imports the valid ones beside them', async () => {
    const user = await proUser('invalid');
    const res = await importPage(user, {
      categories: ['x', '  Spaced  '],
      prompts: [
        item(1, { title: 'ab' }),
        item(2),
        item(3, { content: 'y'.repeat(20_001) }),
        item(4, { title: 'Bell \u0007 title' }),
        item(5, { category: 'x' }),
        item(6, { content: '    1234   ' }),
        item(7, { category: 'Spaced' }),
      ],
    });

    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([
      { name: 'x', status: 'skipped', reason: 'invalid' },
      { name: 'Spaced', status: 'created' },
    ]);
    expect(res.body.prompts.map((outcome) => outcome.status)).toEqual([
      'skipped',
      'imported',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'imported',
    ]);
    expect(res.body.prompts.filter((outcome) => outcome.status === 'skipped')).toEqual(
      Array(5).fill({ status: 'skipped', reason: 'invalid' }),
    );
    expect((await listPrompts(user)).map((prompt) => prompt.title).sort()).toEqual([
      'Imported prompt 2',
      'Imported prompt 7',
    ]);
  });

  it('refuses a malformed page with 400 and imports nothing of it', async () => {
    const user = await newLibraryUser(gateway.url, 'malformed');
    const malformed: unknown[] = [
      {},
      { prompts: 'all of them' },
      { prompts: [item(1)], extra: true },
      { prompts: [{ ...item(1), id: 5 }] },
      { prompts: [{ title: 'No content', category: null }] },
      { prompts: [{ ...item(1), category: undefined }] },
      { prompts: [item(1, { usageCount: -1 })] },
      { prompts: [item(1, { usageCount: 1.5 })] },
      { prompts: [{ ...item(1), isFavorite: 1 }] },
      { prompts: Array.from({ length: 101 }, (_, n) => item(n)) },
      { categories: Array<string>(501).fill('Many'), prompts: [] },
      { categories: [3], prompts: [] },
    ];
    for (const page of malformed) {
      const res = await importPage(user, page);
      expect({ page: JSON.stringify(page).slice(0, 80), status: res.status, code: res.body }).toEqual({
        page: JSON.stringify(page).slice(0, 80),
        status: 400,
        code: expect.objectContaining({ code: 'VALIDATION_FAILED' }),
      });
    }
    expect(await listPrompts(user)).toEqual([]);
  });

  it('answers an empty page, and refuses a stranger and a foreign origin as other changes are', async () => {
    const user = await newLibraryUser(gateway.url, 'edges');
    expect((await importPage(user, { prompts: [] })).body).toEqual({
      categories: [],
      prompts: [],
      history: [],
    });
    const stranger = await new ApiClient(gateway.url).post<ApiError>('/api/prompts/import', { prompts: [] });
    expect(stranger).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    const foreign = await new ApiClient(gateway.url, 'https://evil.example')
      .useCookie(user.client.sessionCookie)
      .post<ApiError>('/api/prompts/import', { prompts: [item(1)] });
    expect(foreign).toMatchObject({ status: 403, body: { code: 'CSRF_REJECTED' } });
    expect(await listPrompts(user)).toEqual([]);
  });

  it('answers 429 past the import allowance, apart from the write allowance and other users', async () => {
    const strict = await stack.startGateway({ RATE_LIMIT_IMPORTS_PER_USER: '3/1m' });
    const busy = await newLibraryUser(strict.url, 'busyimp');
    const calm = await newLibraryUser(strict.url, 'calmimp');
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await importPage(busy, { prompts: [item(n)] })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await importPage(busy, { prompts: [] });
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await busy.client.post('/api/prompts', item(9))).status).toBe(201);
    expect((await importPage(calm, { prompts: [] })).status).toBe(200);
  });

  it('announces every imported prompt once, as a create does, and shared links of imported prompts follow edits', async () => {
    const user = await proUser('events');
    const page = {
      categories: [],
      prompts: Array.from({ length: 30 }, (_, n) => item(n, { category: 'Events' })),
    };
    const res = await importPage(user, page);
    const ids = res.body.prompts.map((outcome) => (outcome.status === 'imported' ? outcome.id : 0));
    expect(ids.every((id) => id > 0)).toBe(true);
    expect((await importPage(user, page)).body.prompts.every((outcome) => outcome.status === 'skipped')).toBe(
      true,
    );

    const prompts = await listPrompts(user);
    expect(prompts.map((prompt) => prompt.id).sort((a, b) => a - b)).toEqual(ids);
    const events = await eventually(
      () => streamEvents(stack, 'events.prompt.updated'),
      (all) => all.filter((event) => event.data.userId === user.id).length >= ids.length,
    );
    const mine = events.filter((event) => event.data.userId === user.id);
    expect(mine.map((event) => event.data).sort((a, b) => a.promptId - b.promptId)).toEqual(
      [...prompts]
        .sort((a, b) => a.id - b.id)
        .map((prompt) => ({
          userId: user.id,
          promptId: prompt.id,
          title: prompt.title,
          content: prompt.content,
          categoryId: prompt.categoryId,
          version: 1,
        })),
    );

    const shared = prompts[0];
    const link = await user.client.post<ShareLink>(`/api/prompts/${shared.id}/share`);
    expect(link.status).toBe(200);
    const read = () =>
      fetch(`${gateway.url}/api/shared/${link.body.shareId}`).then((r) => r.json() as Promise<SharedPrompt>);
    expect(await read()).toMatchObject({ title: shared.title, content: shared.content });
    const edited = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${shared.id}`,
      { title: 'Edited after import', content: shared.content, categoryId: shared.categoryId },
      {},
    );
    expect(edited.status).toBe(200);
    expect(await eventually(read, (public_) => public_.title === 'Edited after import')).toMatchObject({
      title: 'Edited after import',
    });
  });
});

function pick(item: Item): Pick<Prompt, 'title' | 'content'> {
  return { title: item.title, content: item.content };
}
