import {
  PROMPT_SORTS,
  type ApiError,
  type Category,
  type Prompt,
  type PromptCard,
  type PromptCounts,
  type PromptTitlesPage,
  type WholePromptsPage,
} from '@promptlib/proto';
import { cardListReference, cardsPage, everyCardsPage, type CardListQuery } from '../support/card-list';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { seedPrompts } from '../support/seed';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';
import { makePro } from '../support/tiers';

describe('the dashboard’s list, page by page (GET /api/prompts/cards and /counts)', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;
  let owner: LibraryUser;
  let stranger: LibraryUser;
  let research: Category;
  /** The prompts copied, least recently first. */
  let usedInOrder: number[] = [];

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
    [owner, stranger] = await Promise.all([
      newLibraryUser(gateway.url, 'cards'),
      newLibraryUser(gateway.url, 'other'),
    ]);
    await makePro(stack, owner);
    research = (await owner.client.post<Category>('/api/categories', { name: 'Research' })).body;
    // Titles that sort by number and ignore case and accents, text that a search must find in any case.
    const titles = ['Prompt 10', 'prompt 9', 'Äpfel', 'apfel', 'Zebra', 'Moon 100%', 'under_score'];
    for (const [n, title] of titles.entries()) {
      await createPrompt(owner, {
        title,
        content: n % 2 === 0 ? `Ask the MOON ${n}` : `Plain text ${n}`,
        categoryId: n % 3 === 0 ? research.id : owner.general.id,
      });
    }
    await seedPrompts(stack, owner.id, owner.general.id, 150);
    await seedPrompts(stack, owner.id, research.id, 40);
    await seedPrompts(stack, stranger.id, stranger.general.id, 30);
    const mine = await listPrompts(owner);
    const copy = async (prompt: Prompt) => {
      await owner.client.post(`/api/prompts/${prompt.id}/copy`);
      usedInOrder = [...usedInOrder.filter((id) => id !== prompt.id), prompt.id];
    };
    for (const prompt of mine.slice(0, 3)) {
      await owner.client.post(`/api/prompts/${prompt.id}/toggle-favorite`);
      await copy(prompt);
    }
    // Copied one after another, older prompts last: "last used" orders these apart from "recent".
    for (const prompt of [mine[40], mine[7], mine[120], mine[2]]) await copy(prompt);
  }, 360_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  async function everyCard(
    user: LibraryUser,
    query: CardListQuery,
  ): Promise<{ ids: number[]; total: number }> {
    const [first, ...later] = await everyCardsPage(user, query);
    expect(first.totalAtLeast).toBe(false);
    for (const next of later) expect(next.total).toBeNull();
    const pages = [first, ...later];
    for (const full of pages.slice(0, -1)) expect(full.cards).toHaveLength(query.limit ?? 50);
    return { ids: pages.flatMap((each) => each.cards.map((card) => card.id)), total: first.total! };
  }

  it('lists every filter × sort × search as SPEC’s rules order it, each card once', async () => {
    const all = await listPrompts(owner);
    const filters: CardListQuery[] = [
      {},
      { filter: 'favorites' },
      { filter: 'category', categoryId: owner.general.id },
      { filter: 'category', categoryId: research.id },
    ];
    for (const filter of filters) {
      for (const sort of PROMPT_SORTS) {
        for (const search of ['', 'moon', '  ÄPFEL ', '100%', 'under_', 'summary of', 'no such text']) {
          const query = { ...filter, sort, search, limit: 37 };
          const { ids, total } = await everyCard(owner, query);
          const expected = cardListReference(all, query, usedInOrder);
          expect({ query, ids }).toEqual({ query, ids: expected });
          expect(total).toBe(expected.length);
        }
      }
    }
  }, 360_000);

  it('answers cards with the start of the content, never the whole text', async () => {
    const all = await listPrompts(owner);
    const res = await cardsPage(owner, { limit: 100 });
    for (const card of res.body.cards) {
      const prompt = all.find((candidate) => candidate.id === card.id)!;
      expect(card).toEqual<PromptCard>({
        id: prompt.id,
        title: prompt.title,
        preview: [...prompt.content].slice(0, 300).join(''),
        contentLength: [...prompt.content].length,
        categoryId: prompt.categoryId,
        isFavorite: prompt.isFavorite,
        usageCount: prompt.usageCount,
        createdAt: prompt.createdAt,
        updatedAt: prompt.updatedAt,
        tags: prompt.tags,
        lastUsedAt: usedInOrder.includes(prompt.id) ? expect.stringMatching(/^\d{4}-.+\.\d{3}Z$/) : null,
      });
    }
    expect(res.body.cards.some((card) => card.contentLength > 300)).toBe(true);
  });

  it('never shows another user’s prompts, nor counts them', async () => {
    const theirs = new Set((await listPrompts(stranger)).map((prompt) => prompt.id));
    const mine = await everyCard(owner, { limit: 100 });
    expect(mine.ids.some((id) => theirs.has(id))).toBe(false);
    const strangers = await everyCard(stranger, { limit: 100 });
    expect(new Set(strangers.ids)).toEqual(theirs);
    // Another user's category filters to nothing.
    const foreign = await cardsPage(stranger, { filter: 'category', categoryId: research.id });
    expect(foreign.body).toMatchObject({ cards: [], total: 0, nextCursor: null });
    const counts = await stranger.client.get<PromptCounts>('/api/prompts/counts');
    expect(counts.body).toEqual({
      all: 30,
      favorites: 5,
      byCategory: [{ categoryId: stranger.general.id, count: 30 }],
    });
  });

  it('keeps paging right while prompts are created and deleted between pages', async () => {
    for (const sort of PROMPT_SORTS) {
      const before = await listPrompts(owner);
      const first = await cardsPage(owner, { sort, limit: 40 });
      const seen = first.body.cards.map((card) => card.id);
      const ahead = cardListReference(before, { sort }, usedInOrder).slice(60, 64);
      // Changes on both sides of the page boundary, all at once, while the next pages are read.
      const changes = Promise.all([
        ...ahead.map((id) => owner.client.send('DELETE', `/api/prompts/${id}`, undefined, {})),
        owner.client.send('DELETE', `/api/prompts/${seen[5]}`, undefined, {}),
        createPrompt(owner, { title: `0 new before ${sort}`, content: 'Created while paging.' }),
        createPrompt(owner, { title: `zzz new after ${sort}`, content: 'Created while paging.' }),
      ]);
      const rest: number[] = [];
      let cursor = first.body.nextCursor;
      while (cursor !== null) {
        const res = await cardsPage(owner, { sort, limit: 40, cursor });
        expect(res.status).toBe(200);
        rest.push(...res.body.cards.map((card) => card.id));
        cursor = res.body.nextCursor;
      }
      await changes;
      const listed = [...seen, ...rest];
      expect(new Set(listed).size).toBe(listed.length);
      const deleted = new Set([...ahead, seen[5]]);
      // Every prompt there before and after was listed once and in order (one deleted meanwhile may
      // or may not be, as its page was read before or after the delete).
      const kept = cardListReference(before, { sort }, usedInOrder).filter((id) => !deleted.has(id));
      expect(listed.filter((id) => kept.includes(id))).toEqual(kept);
    }
  }, 180_000);

  it('counts all, favourites and each category, and the counts follow every kind of change', async () => {
    const counts = async () => (await owner.client.get<PromptCounts>('/api/prompts/counts')).body;
    const fromList = async (): Promise<PromptCounts> => {
      const all = await listPrompts(owner);
      const byCategory = new Map<number | null, number>();
      for (const prompt of all)
        byCategory.set(prompt.categoryId, (byCategory.get(prompt.categoryId) ?? 0) + 1);
      return {
        all: all.length,
        favorites: all.filter((prompt) => prompt.isFavorite === 1).length,
        byCategory: [...byCategory]
          .map(([categoryId, count]) => ({ categoryId, count }))
          .sort((a, b) => (a.categoryId ?? 0) - (b.categoryId ?? 0)),
      };
    };
    expect(await counts()).toEqual(await fromList());

    const created = await createPrompt(owner, {
      title: 'Counted',
      content: 'Counted once.',
      categoryId: research.id,
    });
    expect(await counts()).toEqual(await fromList());
    await owner.client.post(`/api/prompts/${created.id}/toggle-favorite`);
    expect(await counts()).toEqual(await fromList());
    await owner.client.send(
      'PATCH',
      `/api/prompts/${created.id}`,
      {
        title: 'Counted',
        content: 'Moved to General.',
        categoryId: owner.general.id,
      },
      {},
    );
    expect(await counts()).toEqual(await fromList());
    await owner.client.send('DELETE', `/api/prompts/${created.id}`, undefined, {});
    expect(await counts()).toEqual(await fromList());
    const scratch = (await owner.client.post<Category>('/api/categories', { name: 'Scratch' })).body;
    await createPrompt(owner, { title: 'In scratch', content: 'Gone with it.', categoryId: scratch.id });
    expect((await counts()).byCategory).toContainEqual({ categoryId: scratch.id, count: 1 });
    await owner.client.send('DELETE', `/api/categories/${scratch.id}`, undefined, {});
    const after = await counts();
    expect(after).toEqual(await fromList());
    expect(after.byCategory.some((row) => row.categoryId === scratch.id)).toBe(false);
  });

  it.each([
    ['an unknown sort', '?sort=newest', 'sort'],
    ['an unknown filter', '?filter=mine', 'filter'],
    ['a sort given twice', '?sort=name&sort=used', 'sort'],
    ['a category filter without its category', '?filter=category', 'categoryId'],
    ['a category without its filter', '?categoryId=5', 'categoryId'],
    ['a category id that is not digits', '?filter=category&categoryId=1e3', 'categoryId'],
    ['a category id beyond the database', '?filter=category&categoryId=9999999999', 'categoryId'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit over 100', '?limit=101', 'limit'],
    ['a limit that is not digits', '?limit=ten', 'limit'],
    ['a search over 200 characters', `?search=${'a'.repeat(201)}`, 'search'],
    ['a search with a control character', '?search=a%00b', 'search'],
    ['a name the route does not know', '?before=5', 'before'],
    ['a cursor that is not one', '?cursor=nonsense', 'cursor'],
    ['a cursor of too many characters', `?cursor=r.${'A'.repeat(1_300)}`, 'cursor'],
  ])('refuses %s with 400', async (_case, query, field) => {
    const res = await owner.client.get<ApiError>(`/api/prompts/cards${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.body.rules ?? {})).toContain(field);
  });

  it('refuses a cursor of another sort, and asks for a session', async () => {
    const used = await cardsPage(owner, { sort: 'used', limit: 5 });
    const res = await cardsPage(owner, { sort: 'name', cursor: used.body.nextCursor });
    expect(res.status).toBe(400);
    expect(res.body.rules).toEqual({ cursor: 'invalid' });
    const anonymous = await fetch(`${gateway.url}/api/prompts/cards`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${gateway.url}/api/prompts/counts`)).status).toBe(401);
  });

  it('reads one prompt whole, and answers another user’s or a made-up id with 404', async () => {
    const [newest] = await listPrompts(owner);
    const res = await owner.client.get<Prompt>(`/api/prompts/${newest.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(newest);
    for (const path of [`/api/prompts/${newest.id}`, '/api/prompts/999999999', '/api/prompts/abc']) {
      const refused = await stranger.client.get<ApiError>(path);
      expect(refused.status).toBe(404);
    }
    expect((await fetch(`${gateway.url}/api/prompts/${newest.id}`)).status).toBe(401);
  });

  it('reads the whole prompts page by page, as GET /api/prompts has them, for an export', async () => {
    const whole = await listPrompts(owner);
    const read: Prompt[] = [];
    let pages = 0;
    for (let before: number | null = null; ; pages += 1) {
      const path: string = `/api/prompts/pages${before === null ? '' : `?before=${before}`}`;
      const res = await owner.client.get<WholePromptsPage>(path);
      expect(res.status).toBe(200);
      read.push(...res.body.prompts);
      before = res.body.nextBefore;
      if (before === null) break;
    }
    expect(read).toEqual(whole);
    expect(pages).toBeGreaterThan(0);
    const theirs = await stranger.client.get<WholePromptsPage>('/api/prompts/pages');
    expect(theirs.body.prompts.every((prompt) => !whole.some((mine) => mine.id === prompt.id))).toBe(true);
  });

  it('gives the palette every title once, newest first, and no other user’s', async () => {
    const whole = await listPrompts(owner);
    const res = await owner.client.get<PromptTitlesPage>('/api/prompts/titles');
    expect(res.status).toBe(200);
    expect(res.body.nextBefore).toBeNull();
    expect(res.body.titles).toEqual(
      whole.map((prompt) => [prompt.id, prompt.title, prompt.categoryId, prompt.usageCount]),
    );
    const after = await owner.client.get<PromptTitlesPage>(`/api/prompts/titles?before=${whole[9].id}`);
    expect(after.body.titles.map(([id]) => id)).toEqual(whole.slice(10).map((prompt) => prompt.id));
    const theirs = await stranger.client.get<PromptTitlesPage>('/api/prompts/titles');
    expect(theirs.body.titles).toHaveLength(30);
  });

  it.each([
    ['/api/prompts/pages?before=0', 'before'],
    ['/api/prompts/pages?before=x', 'before'],
    ['/api/prompts/titles?before=-1', 'before'],
    ['/api/prompts/titles?page=2', 'page'],
  ])('refuses %s with 400', async (path, field) => {
    const res = await owner.client.get<ApiError>(path);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.rules ?? {})).toContain(field);
  });
});
