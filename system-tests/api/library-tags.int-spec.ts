import type {
  ApiError,
  ImportResult,
  Prompt,
  PromptCardsPage,
  PromptVersion,
  TagChanged,
  TagSummary,
} from '@promptlib/proto';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';
import { makePro } from '../support/tiers';

describe('tags through the gateway', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  const tagsOf = async (user: LibraryUser) => (await user.client.get<TagSummary[]>('/api/tags')).body;
  const cardsOf = async (user: LibraryUser, query: string) =>
    (await user.client.get<PromptCardsPage>(`/api/prompts/cards?${query}`)).body.cards.map(
      (card) => card.title,
    );
  const tagged = (user: LibraryUser, title: string, tags: string[], categoryId: number | null = null) =>
    createPrompt(user, { title, tags, categoryId } as Parameters<typeof createPrompt>[1]);

  it('keeps each tag in the spelling first used, on every plan, and answers tags everywhere', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    const first = await tagged(user, 'First prompt', [' AI ', 'python', 'Python']);
    expect(first.tags).toEqual(['AI', 'python']);
    const second = await tagged(user, 'Second prompt', ['ai', 'Notes']);
    expect(second.tags).toEqual(['AI', 'Notes']);
    expect((await user.client.get<Prompt>(`/api/prompts/${second.id}`)).body.tags).toEqual(['AI', 'Notes']);
    expect((await user.client.get<Prompt[]>('/api/prompts')).body.map((prompt) => prompt.tags)).toEqual([
      ['AI', 'Notes'],
      ['AI', 'python'],
    ]);
    expect(await tagsOf(user)).toEqual([
      { name: 'AI', count: 2 },
      { name: 'Notes', count: 1 },
      { name: 'python', count: 1 },
    ]);
    // An edit without tags keeps them; with them, they replace; tags alone make no version.
    const kept = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${first.id}`,
      { title: 'First prompt', content: first.content, categoryId: null },
      {},
    );
    expect(kept.body.tags).toEqual(['AI', 'python']);
    const retagged = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${first.id}`,
      { title: 'First prompt', content: first.content, categoryId: null, tags: ['notes'] },
      {},
    );
    expect(retagged.body.tags).toEqual(['Notes']);
    expect((await user.client.get<PromptVersion[]>(`/api/prompts/${first.id}/versions`)).body).toHaveLength(
      1,
    );
  });

  it('refuses tags that break a rule, naming the rule', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    const cases: [unknown, string, string][] = [
      [[''], 'tag', 'Tag must be at least 1 character long'],
      [['x'.repeat(41)], 'tag', 'Tag must be at most 40 characters long'],
      [['a,b'], 'tag', 'Tags cannot contain commas'],
      [Array.from({ length: 21 }, (_, n) => `tag ${n}`), 'tags', 'A prompt can have at most 20 tags'],
      [['bell\u0007'], 'tags.0', 'Tag must not contain control characters'],
      ['not a list', 'tags', ''],
    ];
    for (const [tags, field, message] of cases) {
      const res = await user.client.post<ApiError>('/api/prompts', {
        title: 'Tagged',
        content: 'Some content',
        categoryId: null,
        tags,
      });
      expect({ tags, status: res.status, code: res.body.code }).toEqual({
        tags,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
      if (message) expect(res.body.fields![field]).toBe(message);
    }
    expect(await tagsOf(user)).toEqual([]);
  });

  it('filters the cards by a tag, with a category, favourites and a search that also reads tags', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    await makePro(stack, user);
    const work = (await user.client.post<{ id: number }>('/api/categories', { name: 'Work' })).body;
    await tagged(user, 'Plan the week', ['planning'], work.id);
    const favourite = await tagged(user, 'Plan a trip', ['Planning', 'travel']);
    await user.client.post(`/api/prompts/${favourite.id}/toggle-favorite`);
    await tagged(user, 'Unrelated', ['cooking']);

    expect(await cardsOf(user, 'tag=PLANNING')).toEqual(['Plan a trip', 'Plan the week']);
    expect(await cardsOf(user, `tag=planning&filter=category&categoryId=${work.id}`)).toEqual([
      'Plan the week',
    ]);
    expect(await cardsOf(user, 'tag=planning&filter=favorites')).toEqual(['Plan a trip']);
    expect(await cardsOf(user, 'tag=planning&search=trip')).toEqual(['Plan a trip']);
    expect(await cardsOf(user, 'search=cook')).toEqual(['Unrelated']);
    expect(await cardsOf(user, 'tag=nothing')).toEqual([]);
    expect((await user.client.get('/api/prompts/cards?tag=')).status).toBe(400);
  });

  it('renames, merges and deletes a tag across prompts, and never shows another user’s', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    const other = await newLibraryUser(gateway.url, 'tags');
    const a = await tagged(user, 'Prompt A', ['draft', 'AI']);
    const b = await tagged(user, 'Prompt B', ['Draft']);
    await tagged(other, 'Theirs', ['draft', 'secret']);

    const renamed = await user.client.send<TagChanged>(
      'PATCH',
      '/api/tags/DRAFT',
      { name: 'Work in progress' },
      {},
    );
    expect(renamed.body).toEqual({ name: 'Work in progress', prompts: 2 });
    expect((await user.client.get<Prompt>(`/api/prompts/${a.id}`)).body.tags).toEqual([
      'Work in progress',
      'AI',
    ]);

    const merged = await user.client.send<TagChanged>(
      'PATCH',
      `/api/tags/${encodeURIComponent('work in progress')}`,
      { name: 'ai' },
      {},
    );
    expect(merged.body).toEqual({ name: 'AI', prompts: 2 });
    expect(await tagsOf(user)).toEqual([{ name: 'AI', count: 2 }]);
    expect((await user.client.get<Prompt>(`/api/prompts/${b.id}`)).body.tags).toEqual(['AI']);

    const deleted = await user.client.send<TagChanged>('DELETE', '/api/tags/ai', undefined, {});
    expect(deleted.body).toEqual({ name: null, prompts: 2 });
    expect(await tagsOf(user)).toEqual([]);
    expect(await tagsOf(other)).toEqual([
      { name: 'draft', count: 1 },
      { name: 'secret', count: 1 },
    ]);

    for (const [method, body] of [
      ['PATCH', { name: 'mine' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await user.client.send<ApiError>(method, '/api/tags/secret', body, {});
      expect({ method, status: res.status, code: res.body.code }).toEqual({
        method,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const badName = await other.client.send<ApiError>('PATCH', '/api/tags/draft', { name: 'a,b' }, {});
    expect(badName.status).toBe(400);
  });

  it('imports tags in the user’s spelling, and skips an item whose tags break a rule', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    await tagged(user, 'Existing', ['AI']);
    const res = await user.client.post<ImportResult>('/api/prompts/import', {
      prompts: [
        { title: 'Imported one', content: 'Text one', category: null, tags: ['ai', 'New tag'] },
        { title: 'Imported two', content: 'Text two', category: null, tags: ['new TAG'] },
        { title: 'Broken tags', content: 'Text three', category: null, tags: ['a,b'] },
      ],
    });
    expect(
      res.body.prompts.map((prompt) => (prompt.status === 'imported' ? 'imported' : prompt.reason)),
    ).toEqual(['imported', 'imported', 'invalid']);
    expect(await tagsOf(user)).toEqual([
      { name: 'AI', count: 2 },
      { name: 'New tag', count: 2 },
    ]);
  });
});
