import { beforeEach, describe, expect, it } from 'vitest';
import {
  PROMPT_SEARCH_COUNT_CAP,
  PROMPT_TITLES_PAGE_ROWS,
  type PromptTitle,
  type PromptCard,
  type PromptCardsPage,
  type PromptFilter,
  type PromptSort,
} from '@promptlib/proto';
import { inMemoryLibrary, type InMemoryLibrary } from '../../test/fakes/in-memory-library';
import { PromptCardsService, type PromptCardsRequest } from './prompt-cards.service';
import { encodeCursor } from './prompt-cursor';

const userId = 1;
const otherUserId = 2;
const WORK = 11;
const HOME = 12;

// What each card's prompt was made of, to compute the expected lists from SPEC's rules apart from the code.
type Seed = { title: string; content: string; categoryId: number; isFavorite: boolean; usageCount: number };
const seeds: Seed[] = Array.from({ length: 37 }, (_, n) => ({
  title: [`Prompt ${n}`, `prompt ${n % 5}`, `Äpfel ${n}`, `apfel`, `Zebra ${n}`][n % 5],
  content: n % 3 === 0 ? `Ask about the MOON, ${n}%_` : `Write a poem ${n}`,
  categoryId: n % 2 === 0 ? WORK : HOME,
  isFavorite: n % 4 === 0,
  usageCount: n % 6,
}));
const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });
// Copied in this order, after the seeds were made: the last is the most recently used.
const USED_IN_ORDER = [5, 2, 9, 30, 12];
const usesOf = (n: number) => seeds[n].usageCount + (USED_IN_ORDER.includes(n) ? 1 : 0);

describe('PromptCardsService', () => {
  let library: InMemoryLibrary;
  let cards: PromptCardsService;
  let ids: number[];

  beforeEach(async () => {
    library = inMemoryLibrary();
    cards = new PromptCardsService(library);
    ids = (await library.direct.prompts.insertMany(userId, seeds)).map((prompt) => prompt.id);
    await library.direct.prompts.insertMany(otherUserId, seeds.slice(0, 5));
    for (const n of USED_IN_ORDER) await library.direct.prompts.addUses(userId, ids[n], 1);
  });

  const request = (change: Partial<PromptCardsRequest> = {}): PromptCardsRequest => ({
    userId,
    filter: 'all',
    categoryId: null,
    tag: null,
    search: '',
    sort: 'recent',
    cursor: null,
    limit: 7,
    ...change,
  });

  async function everyPage(change: Partial<PromptCardsRequest>): Promise<PromptCardsPage[]> {
    const pages: PromptCardsPage[] = [];
    let cursor = change.cursor ?? null;
    do {
      const page = await cards.page(request({ ...change, cursor }));
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 100);
    return pages;
  }

  function expected(
    filter: PromptFilter,
    categoryId: number | null,
    search: string,
    sort: PromptSort,
  ): number[] {
    const needle = search.trim().toLowerCase();
    const order: Record<PromptSort, (a: number, b: number) => number> = {
      recent: (a, b) => ids[b] - ids[a],
      name: (a, b) => collator.compare(seeds[a].title, seeds[b].title) || ids[b] - ids[a],
      used: (a, b) => usesOf(b) - usesOf(a) || ids[b] - ids[a],
      lastUsed: (a, b) => USED_IN_ORDER.indexOf(b) - USED_IN_ORDER.indexOf(a) || ids[b] - ids[a],
    };
    return seeds
      .map((_, n) => n)
      .filter((n) => filter !== 'favorites' || seeds[n].isFavorite)
      .filter((n) => categoryId === null || seeds[n].categoryId === categoryId)
      .filter(
        (n) =>
          needle === '' ||
          seeds[n].title.toLowerCase().includes(needle) ||
          seeds[n].content.toLowerCase().includes(needle),
      )
      .sort(order[sort])
      .map((n) => ids[n]);
  }

  const filters: [PromptFilter, number | null][] = [
    ['all', null],
    ['favorites', null],
    ['category', WORK],
    ['category', HOME],
  ];
  const sorts: PromptSort[] = ['recent', 'name', 'used', 'lastUsed'];
  const searches = ['', '  moon ', 'ÄPFEL', '%_', 'nothing like it'];

  it.each(
    filters.flatMap(([filter, categoryId]) => sorts.map((sort) => [filter, categoryId, sort] as const)),
  )(
    'pages through %s %s by %s with every search, each card once and in order',
    async (filter, categoryId, sort) => {
      for (const search of searches) {
        const pages = await everyPage({ filter, categoryId, sort, search });
        const listed = pages.flatMap((page) => page.cards.map((card) => card.id));
        const want = expected(filter, categoryId, search, sort);
        expect(listed).toEqual(want);
        expect(pages[0]).toMatchObject({ total: want.length, totalAtLeast: false });
        expect(pages.slice(1).every((page) => page.total === null)).toBe(true);
        expect(pages.slice(0, -1).every((page) => page.cards.length === 7)).toBe(true);
      }
    },
  );

  it('keeps its place while cards are created and deleted between pages', async () => {
    const first = await cards.page(request({ sort: 'name' }));
    const seen = first.cards.map((card) => card.id);
    // A card before the boundary deleted, one after it deleted, one created on either side.
    await library.direct.prompts.moveToDeleted(userId, [seen[2]]);
    const later = expected('all', null, '', 'name')[20];
    await library.direct.prompts.moveToDeleted(userId, [later]);
    await library.direct.prompts.insertMany(userId, [
      {
        title: '0 first of all',
        content: 'Created before the page.',
        categoryId: WORK,
        isFavorite: false,
        usageCount: 0,
      },
      {
        title: 'zzz last of all',
        content: 'Created after the page.',
        categoryId: WORK,
        isFavorite: false,
        usageCount: 0,
      },
    ]);
    const rest = await everyPage({ sort: 'name', cursor: first.nextCursor });
    const after = [...seen, ...rest.flatMap((page) => page.cards.map((card) => card.id))];
    const remaining = expected('all', null, '', 'name').filter((id) => id !== seen[2] && id !== later);
    expect(after.filter((id) => id !== seen[2])).toEqual([...remaining, await lastCreated()]);
    expect(new Set(after).size).toBe(after.length);
  });

  async function lastCreated(): Promise<number> {
    const page = await cards.page(request({ limit: 1 }));
    return page.cards[0].id;
  }

  it('shows a card’s start and its length, never another user’s card', async () => {
    const long = 'x'.repeat(1_000);
    const [created] = await library.direct.prompts.insertMany(userId, [
      { title: 'Long one', content: long, categoryId: WORK, isFavorite: true, usageCount: 3 },
    ]);
    const {
      cards: [card],
    } = await cards.page(request({ limit: 1 }));
    expect(card).toMatchObject<Partial<PromptCard>>({
      id: created.id,
      title: 'Long one',
      preview: long.slice(0, 300),
      contentLength: 1_000,
      categoryId: WORK,
      isFavorite: 1,
      usageCount: 3,
    });
    const theirs = await cards.page(request({ userId: otherUserId, limit: 100 }));
    expect(theirs.cards).toHaveLength(5);
    expect(theirs.cards.some((other) => ids.includes(other.id))).toBe(false);
  });

  it('counts a search up to its cap and says when the list holds more; the list itself goes on', async () => {
    const many = Array.from({ length: PROMPT_SEARCH_COUNT_CAP + 1 - 13 }, (_, n) => ({
      title: `Bulk ${n}`,
      content: 'About the moon again.',
      categoryId: WORK,
      isFavorite: false,
      usageCount: 0,
    }));
    await library.direct.prompts.insertMany(userId, many);
    // 13 seeds mention the moon: the search now matches exactly the cap plus one.
    expect(expected('all', null, 'moon', 'recent')).toHaveLength(13);
    const over = await cards.page(request({ search: 'moon', limit: 100 }));
    expect(over).toMatchObject({ total: PROMPT_SEARCH_COUNT_CAP, totalAtLeast: true });
    const listed = await everyPage({ search: 'moon', limit: 100 });
    expect(listed.flatMap((page) => page.cards)).toHaveLength(PROMPT_SEARCH_COUNT_CAP + 1);

    await library.direct.prompts.moveToDeleted(userId, [over.cards[0].id]);
    const exact = await cards.page(request({ search: 'moon' }));
    expect(exact).toMatchObject({ total: PROMPT_SEARCH_COUNT_CAP, totalAtLeast: false });
    // Without a search every card is counted.
    const all = await cards.page(request());
    expect(all).toMatchObject({ total: 37 + many.length - 1, totalAtLeast: false });
  });

  it('refuses a category filter without its category, and a category without its filter', async () => {
    for (const change of [{ filter: 'category' as const }, { filter: 'all' as const, categoryId: WORK }]) {
      await expect(cards.page(request(change))).rejects.toMatchObject({
        error: { code: 'VALIDATION_FAILED', rules: { categoryId: 'invalid' } },
      });
    }
  });

  it('refuses a cursor made for another sort', async () => {
    const { nextCursor } = await cards.page(request({ sort: 'used' }));
    await expect(cards.page(request({ sort: 'name', cursor: nextCursor }))).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', rules: { cursor: 'invalid' } },
    });
    const recent = encodeCursor({ sort: 'recent', id: ids[3] });
    await expect(cards.page(request({ cursor: recent }))).resolves.toMatchObject({ total: null });
  });

  it('counts all prompts, the favourites and each category’s, for the sidebar', async () => {
    const counts = await cards.counts(userId);
    const inWork = seeds.filter((seed) => seed.categoryId === WORK).length;
    expect(counts).toEqual({
      all: 37,
      favorites: seeds.filter((seed) => seed.isFavorite).length,
      byCategory: [
        { categoryId: WORK, count: inWork },
        { categoryId: HOME, count: 37 - inWork },
      ],
    });
    expect(await cards.counts(3)).toEqual({ all: 0, favorites: 0, byCategory: [] });
  });

  it('gives the palette every title once, newest first, a page at a time, and no other user’s', async () => {
    const many = await library.direct.prompts.insertMany(
      3,
      Array.from({ length: PROMPT_TITLES_PAGE_ROWS + 500 }, (_, n) => ({
        ...seeds[0]!,
        title: `Title "${n}"`,
      })),
    );
    const seen: PromptTitle[] = [];
    const pages: number[] = [];
    for (let before: number | null = null; ;) {
      const page = await cards.titles({ userId: 3, before });
      seen.push(...page.titles);
      pages.push(page.titles.length);
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    expect(pages).toEqual([PROMPT_TITLES_PAGE_ROWS, 500]);
    expect(seen.map(([id]) => id)).toEqual(many.map((prompt) => prompt.id).sort((a, b) => b - a));
    expect(seen[0]).toEqual([
      many.at(-1)!.id,
      `Title "${PROMPT_TITLES_PAGE_ROWS + 499}"`,
      seeds[0]!.categoryId,
      0,
    ]);
    expect((await cards.titles({ userId: 4, before: null })).titles).toEqual([]);
  });
});
