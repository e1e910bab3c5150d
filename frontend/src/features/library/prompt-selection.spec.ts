import type { Category, Prompt } from '@promptlib/proto';
import { countPrompts, searchable, selectPrompts, type Selection } from './prompt-selection';

const general: Category = { id: 1, name: 'General', position: 0 };
const writing: Category = { id: 2, name: 'Writing', position: 0 };

function prompt(id: number, fields: Partial<Prompt> = {}): Prompt {
  return {
    id,
    title: `Prompt ${id}`,
    content: `Content ${id}`,
    categoryId: general.id,
    isFavorite: 0,
    usageCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

const prompts = [
  prompt(1, { title: 'banana bread', usageCount: 5 }),
  prompt(2, { title: 'Apple pie', categoryId: writing.id, isFavorite: 1, content: 'Mix the FLOUR' }),
  prompt(3, { title: 'cherry tart', usageCount: 9 }),
];
const items = searchable(prompts);
const base: Selection = {
  filter: { kind: 'all' },
  sort: 'recent',
  search: '',
  general,
  knownCategoryIds: new Set([general.id, writing.id]),
};
const ids = (selection: Partial<Selection>) =>
  selectPrompts(items, { ...base, ...selection }).map((p) => p.id);

describe('prompt selection', () => {
  it('sorts recent by id descending, name A–Z ignoring case, used by usage count', () => {
    expect(ids({})).toEqual([3, 2, 1]);
    expect(ids({ sort: 'name' })).toEqual([2, 1, 3]);
    expect(ids({ sort: 'used' })).toEqual([3, 1, 2]);
  });

  it('filters by favourites, General and a category', () => {
    expect(ids({ filter: { kind: 'favorites' } })).toEqual([2]);
    expect(ids({ filter: { kind: 'category', categoryId: general.id } })).toEqual([3, 1]);
    expect(ids({ filter: { kind: 'category', categoryId: 'temp-general' } })).toEqual([3, 1]);
    expect(ids({ filter: { kind: 'category', categoryId: writing.id } })).toEqual([2]);
  });

  it('searches title or content, case-insensitively, within the filter', () => {
    expect(ids({ search: 'APPLE' })).toEqual([2]);
    expect(ids({ search: 'flour' })).toEqual([2]);
    expect(ids({ search: '  tart ' })).toEqual([3]);
    expect(ids({ search: 'flour', filter: { kind: 'category', categoryId: general.id } })).toEqual([]);
  });

  it('counts per entry, with General falling back to unknown categories when none are known', () => {
    const counts = countPrompts(prompts, general, base.knownCategoryIds);
    expect(counts).toMatchObject({ all: 3, favorites: 1, general: 2 });
    expect(counts.byCategory.get(writing.id)).toBe(1);
    expect(countPrompts(prompts, null, new Set()).general).toBe(3);
  });
});
