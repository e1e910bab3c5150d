import { GENERAL_CATEGORY_NAME, type Category, type PromptCounts } from '@promptlib/proto';
import type { CardListArgs } from './card-lists';
import type { CategoryKey, PromptFilter, PromptSort } from './library.slice';

export function isGeneral(category: Pick<Category, 'name'>): boolean {
  return category.name.toLowerCase() === GENERAL_CATEGORY_NAME.toLowerCase();
}

export function isGeneralKey(key: CategoryKey, general: Category | null): boolean {
  return key === 'temp-general' || (general !== null && key === general.id);
}

export type Selection = {
  filter: PromptFilter;
  /** The tag chosen besides the filter, if any. */
  tag?: string | null;
  sort: PromptSort;
  search: string;
  general: Category | null;
};

/**
 * The list the main area shows, as the server is asked for it: the active filter and tag, the
 * search in title, content or tags, the sort. General without a General category known (none loaded yet, or none
 * at all) is every prompt: the product's fallback, a prompt never goes missing.
 */
export function listArgsOf({ filter, tag = null, sort, search, general }: Selection): CardListArgs {
  const base = { sort, search: search.trim(), categoryId: null, tag };
  if (filter.kind === 'favorites') return { ...base, filter: 'favorites' };
  if (filter.kind === 'all') return { ...base, filter: 'all' };
  if (isGeneralKey(filter.categoryId, general)) {
    return general === null
      ? { ...base, filter: 'all' }
      : { ...base, filter: 'category', categoryId: general.id };
  }
  return { ...base, filter: 'category', categoryId: filter.categoryId as number };
}

export type CategoryCounts = {
  all: number;
  favorites: number;
  general: number;
  byCategory: Map<number, number>;
};

/**
 * The sidebar's badges from the server's counts. General counts its own prompts, and, while no
 * categories are known, every prompt whose category is none of the known ones.
 */
export function sidebarCounts(
  counts: PromptCounts | undefined,
  general: Category | null,
  knownCategoryIds: Set<number>,
): CategoryCounts {
  const byCategory = new Map<number, number>();
  let inGeneral = 0;
  for (const { categoryId, count } of counts?.byCategory ?? []) {
    if (categoryId !== null) byCategory.set(categoryId, count);
    const known = categoryId !== null && knownCategoryIds.has(categoryId);
    if (knownCategoryIds.size === 0 ? !known : general !== null && categoryId === general.id)
      inGeneral += count;
  }
  return { all: counts?.all ?? 0, favorites: counts?.favorites ?? 0, general: inGeneral, byCategory };
}
