import type { Prompt, PromptCard, PromptCounts } from '@promptlib/proto';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type AppStore } from '../../app/store';
import { stubApi } from '../../shared/testing/render-with-app';
import type { CardListArgs } from './card-lists';
import { libraryApi } from './library.api';
import {
  categoryDeletedElsewhere,
  categoryUpdatedElsewhere,
  promptChangedElsewhere,
  promptDeletedElsewhere,
  promptMarkedElsewhere,
  tagChangedElsewhere,
} from './remote-changes';

const ALL: CardListArgs = { filter: 'all', categoryId: null, tag: null, search: '', sort: 'recent' };
const FAVORITES: CardListArgs = { ...ALL, filter: 'favorites' };
const WORK = 7;

const prompt = (id: number, overrides: Partial<Prompt> = {}): Prompt => ({
  id,
  title: `Prompt ${id}`,
  content: `Content ${id}`,
  categoryId: null,
  isFavorite: 0,
  usageCount: 0,
  createdAt: new Date(Date.UTC(2026, 10, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, id)).toISOString(),
  tags: [],
  ...overrides,
});

const cardOf = ({ content, ...rest }: Prompt): PromptCard => ({
  ...rest,
  preview: content,
  contentLength: content.length,
  lastUsedAt: null,
});

describe('changes made elsewhere, applied to what the tab has loaded', () => {
  let store: AppStore;
  let server: Map<number, Prompt>;
  let calls: string[];

  const cache = () => ({ dispatch: store.dispatch, getState: store.getState });
  /** The change the server announces of the prompt as it now stands. */
  const changeOf = (id: number) => {
    const { title, content, categoryId } = server.get(id)!;
    return { promptId: id, title, content, categoryId };
  };
  const cards = () => libraryApi.endpoints.getPromptCards.select(ALL)(store.getState()).data!.cards;
  const counts = () => libraryApi.endpoints.getPromptCounts.select()(store.getState()).data!;
  const titles = () => libraryApi.endpoints.getPromptTitles.select()(store.getState()).data;

  async function load(withTitles: boolean) {
    await store.dispatch(libraryApi.endpoints.getPromptCards.initiate(ALL));
    await store.dispatch(libraryApi.endpoints.getPromptCounts.initiate());
    if (withTitles) await store.dispatch(libraryApi.endpoints.getPromptTitles.initiate());
    await store.dispatch(libraryApi.endpoints.getCategories.initiate());
  }

  beforeEach(() => {
    store = createStore();
    server = new Map([[1, prompt(1)]]);
    calls = stubApi((method, path) => {
      const [route] = path.split('?');
      const single = /^\/api\/prompts\/(\d+)$/.exec(route);
      if (single) {
        const found = server.get(Number(single[1]));
        return found ? { body: found } : undefined;
      }
      const all = [...server.values()].sort((a, b) => b.id - a.id);
      if (route === '/api/prompts/cards') {
        const favoritesOnly = new URLSearchParams(path.split('?')[1]).get('filter') === 'favorites';
        const listed = all.filter((item) => !favoritesOnly || item.isFavorite === 1);
        return {
          body: { cards: listed.map(cardOf), nextCursor: null, total: listed.length, totalAtLeast: false },
        };
      }
      if (route === '/api/tags') {
        const tags = [...new Set(all.flatMap((item) => item.tags))].sort();
        return {
          body: tags.map((name) => ({ name, count: all.filter((item) => item.tags.includes(name)).length })),
        };
      }
      if (route === '/api/prompts/counts') {
        const byCategory = new Map<number | null, number>();
        for (const item of all) byCategory.set(item.categoryId, (byCategory.get(item.categoryId) ?? 0) + 1);
        const body: PromptCounts = {
          all: all.length,
          favorites: all.filter((item) => item.isFavorite === 1).length,
          byCategory: [...byCategory].map(([categoryId, count]) => ({ categoryId, count })),
        };
        return { body };
      }
      if (route === '/api/prompts/titles')
        return {
          body: { titles: all.map((item) => [item.id, item.title, item.categoryId, 0]), nextBefore: null },
        };
      if (route === '/api/categories') return { body: [{ id: WORK, name: 'Work', position: 1 }] };
      if (method === 'GET') return { body: {} };
      return undefined;
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows a prompt made elsewhere where its sort puts it, once however often it arrives, and reads the counts again', async () => {
    await load(true);
    server.set(2, prompt(2, { title: 'Made on the phone', categoryId: WORK }));
    await promptChangedElsewhere(cache(), changeOf(2));
    await promptChangedElsewhere(cache(), changeOf(2));
    expect(cards().map((card) => card.id)).toEqual([2, 1]);
    expect(cards()[0].title).toBe('Made on the phone');
    expect(titles()?.map(([id]) => id)).toEqual([2, 1]);
    await waitFor(() => expect(counts().all).toBe(2));
    expect(counts().byCategory).toContainEqual({ categoryId: WORK, count: 1 });
    expect(calls.filter((call) => call === 'GET /api/prompts/counts')).toHaveLength(2);
  });

  it('reads nothing for a change the tab already shows, as its own edit coming back', async () => {
    await load(true);
    await store.dispatch(libraryApi.endpoints.getPrompt.initiate(1));
    calls.length = 0;
    await promptChangedElsewhere(cache(), changeOf(1));
    expect(calls).toEqual([]);
    server.set(1, prompt(1, { title: 'Changed since' }));
    await promptChangedElsewhere(cache(), changeOf(1));
    expect(calls).toEqual(['GET /api/prompts/1']);
    expect(cards()[0].title).toBe('Changed since');
  });

  it('changes an edited card where it stands, and its title in the palette', async () => {
    await load(true);
    server.set(1, prompt(1, { title: 'Edited elsewhere', categoryId: WORK }));
    await promptChangedElsewhere(cache(), changeOf(1));
    expect(cards().map((card) => [card.id, card.title])).toEqual([[1, 'Edited elsewhere']]);
    expect(titles()).toEqual([[1, 'Edited elsewhere', WORK, 0]]);
    await waitFor(() => expect(counts().byCategory).toEqual([{ categoryId: WORK, count: 1 }]));
  });

  it('takes a deleted prompt away, and a deletion this tab already shows changes nothing', async () => {
    await load(true);
    server.delete(1);
    promptDeletedElsewhere(cache(), 1);
    expect(cards()).toEqual([]);
    expect(titles()).toEqual([]);
    await waitFor(() => expect(counts().all).toBe(0));
    calls.length = 0;
    promptDeletedElsewhere(cache(), 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
  });

  it('leaves out a prompt that is gone again by the time it is read', async () => {
    await load(true);
    await promptChangedElsewhere(cache(), { promptId: 99, title: 'Gone', content: 'Gone', categoryId: null });
    expect(cards().map((card) => card.id)).toEqual([1]);
    expect(titles()?.map(([id]) => id)).toEqual([1]);
  });

  it('takes a category deleted elsewhere away with its cards', async () => {
    server.set(2, prompt(2, { categoryId: WORK }));
    await load(true);
    categoryDeletedElsewhere(cache(), WORK);
    expect(cards().map((card) => card.id)).toEqual([1]);
    expect(libraryApi.endpoints.getCategories.select()(store.getState()).data).toEqual([]);
  });

  it('stars a prompt starred elsewhere in every list, Favourites too, and reads nothing when it shows so already', async () => {
    await load(true);
    await store.dispatch(libraryApi.endpoints.getPromptCards.initiate(FAVORITES));
    const favorites = () =>
      libraryApi.endpoints.getPromptCards.select(FAVORITES)(store.getState()).data!.cards;
    expect(favorites()).toEqual([]);
    server.set(1, prompt(1, { isFavorite: 1, tags: ['ai'] }));
    await promptMarkedElsewhere(cache(), { promptId: 1, isFavorite: 1, tags: ['ai'] });
    expect(cards()[0]).toMatchObject({ id: 1, isFavorite: 1, tags: ['ai'] });
    expect(favorites().map((card) => card.id)).toEqual([1]);
    await waitFor(() => expect(counts().favorites).toBe(1));
    calls.length = 0;
    await promptMarkedElsewhere(cache(), { promptId: 1, isFavorite: 1, tags: ['ai'] });
    expect(calls).toEqual([]);
  });

  it('reads the tags and cards again for a tag changed elsewhere, not for this tab’s own change coming back', async () => {
    server.set(1, prompt(1, { tags: ['draft'] }));
    await load(true);
    await store.dispatch(libraryApi.endpoints.getTags.initiate());
    calls.length = 0;
    server.set(1, prompt(1, { tags: ['final'] }));
    tagChangedElsewhere(cache(), { name: 'draft', newName: 'final' });
    await waitFor(() => expect(cards()[0].tags).toEqual(['final']));
    expect(calls).toContain('GET /api/tags');
    await waitFor(() =>
      expect(libraryApi.endpoints.getTags.select()(store.getState()).data).toEqual([
        { name: 'final', count: 1 },
      ]),
    );
    calls.length = 0;
    tagChangedElsewhere(cache(), { name: 'draft', newName: 'final' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
  });

  it('reads the categories again for one made or moved elsewhere, once for a run, and not for one shown so', async () => {
    await load(true);
    calls.length = 0;
    categoryUpdatedElsewhere(cache(), { categoryId: WORK, name: 'Work', position: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    categoryUpdatedElsewhere(cache(), { categoryId: WORK, name: 'Work', position: 2 });
    categoryUpdatedElsewhere(cache(), { categoryId: WORK + 1, name: 'Home', position: 1 });
    await waitFor(() => expect(calls).toContain('GET /api/categories'));
    expect(calls.filter((call) => call === 'GET /api/categories')).toHaveLength(1);
  });
});
