import type { Category, PromptCounts } from '@promptlib/proto';
import { listArgsOf, sidebarCounts, type Selection } from './prompt-selection';

const general: Category = { id: 1, name: 'General', position: 0 };
const writing: Category = { id: 2, name: 'Writing', position: 0 };

const base: Selection = { filter: { kind: 'all' }, sort: 'recent', search: '', general };

describe('the list the main area asks for', () => {
  it('passes the filter, the sort and the trimmed search', () => {
    expect(listArgsOf({ ...base, sort: 'name', search: '  tart ' })).toEqual({
      filter: 'all',
      categoryId: null,
      tag: null,
      search: 'tart',
      sort: 'name',
    });
    expect(listArgsOf({ ...base, filter: { kind: 'favorites' } })).toMatchObject({ filter: 'favorites' });
    expect(listArgsOf({ ...base, filter: { kind: 'category', categoryId: writing.id } })).toMatchObject({
      filter: 'category',
      categoryId: writing.id,
    });
  });

  it('narrows any filter to the chosen tag', () => {
    expect(listArgsOf({ ...base, tag: 'Email', filter: { kind: 'favorites' } })).toMatchObject({
      filter: 'favorites',
      tag: 'Email',
    });
    expect(
      listArgsOf({ ...base, tag: 'Email', filter: { kind: 'category', categoryId: writing.id } }),
    ).toMatchObject({ filter: 'category', categoryId: writing.id, tag: 'Email' });
  });

  it('asks for General by its id, also while it is the placeholder key', () => {
    for (const categoryId of [general.id, 'temp-general' as const])
      expect(listArgsOf({ ...base, filter: { kind: 'category', categoryId } })).toMatchObject({
        filter: 'category',
        categoryId: general.id,
      });
  });

  it('shows every prompt as General when no General category is known', () => {
    expect(
      listArgsOf({ ...base, general: null, filter: { kind: 'category', categoryId: 'temp-general' } }),
    ).toMatchObject({ filter: 'all', categoryId: null });
  });
});

describe('the sidebar counts', () => {
  const counts: PromptCounts = {
    all: 6,
    favorites: 1,
    byCategory: [
      { categoryId: general.id, count: 2 },
      { categoryId: writing.id, count: 1 },
      { categoryId: 9, count: 2 },
      { categoryId: null, count: 1 },
    ],
  };

  it('takes all, favourites and each category from the server', () => {
    const shown = sidebarCounts(counts, general, new Set([general.id, writing.id]));
    expect(shown).toMatchObject({ all: 6, favorites: 1, general: 2 });
    expect(shown.byCategory.get(writing.id)).toBe(1);
  });

  it('counts every prompt of an unknown category as General while no categories are known', () => {
    expect(sidebarCounts(counts, null, new Set()).general).toBe(6);
  });

  it('shows zeros before the counts have loaded', () => {
    expect(sidebarCounts(undefined, general, new Set([general.id]))).toMatchObject({ all: 0, general: 0 });
  });
});
