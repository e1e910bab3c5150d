import { GENERAL_CATEGORY_NAME, type Category, type Prompt } from '@promptlib/proto';
import type { CategoryKey, PromptFilter, PromptSort } from './library.slice';

export function isGeneral(category: Pick<Category, 'name'>): boolean {
  return category.name.toLowerCase() === GENERAL_CATEGORY_NAME.toLowerCase();
}

/** A prompt with its text lower-cased once, so each search is a plain substring test. */
export type SearchablePrompt = { prompt: Prompt; haystack: string };

export function searchable(prompts: Prompt[]): SearchablePrompt[] {
  return prompts.map((prompt) => ({ prompt, haystack: `${prompt.title}\n${prompt.content}`.toLowerCase() }));
}

export type Selection = {
  filter: PromptFilter;
  sort: PromptSort;
  search: string;
  general: Category | null;
  knownCategoryIds: Set<number>;
};

/**
 * The prompts the main area shows: the active filter, then the search in title or content
 * (case-insensitive), then the sort. Recent is id descending, name is title A–Z, used is usage count
 * descending.
 */
export function selectPrompts(items: SearchablePrompt[], selection: Selection): Prompt[] {
  const needle = selection.search.trim().toLowerCase();
  const inFilter = filterTest(selection);
  const chosen: Prompt[] = [];
  for (const item of items) {
    if (inFilter(item.prompt) && (needle === '' || item.haystack.includes(needle))) chosen.push(item.prompt);
  }
  return chosen.sort(comparator(selection.sort));
}

function filterTest({ filter, general, knownCategoryIds }: Selection): (prompt: Prompt) => boolean {
  if (filter.kind === 'all') return () => true;
  if (filter.kind === 'favorites') return (prompt) => prompt.isFavorite === 1;
  if (isGeneralKey(filter.categoryId, general))
    return (prompt) => belongsToGeneral(prompt, general, knownCategoryIds);
  return (prompt) => prompt.categoryId === filter.categoryId;
}

export function isGeneralKey(key: CategoryKey, general: Category | null): boolean {
  return key === 'temp-general' || (general !== null && key === general.id);
}

/**
 * A prompt is in General when it says so, and, while no categories are known, when its category
 * is none of the known ones (the product's fallback: a prompt never goes missing).
 */
export function belongsToGeneral(
  prompt: Prompt,
  general: Category | null,
  knownCategoryIds: Set<number>,
): boolean {
  if (knownCategoryIds.size === 0)
    return prompt.categoryId === null || !knownCategoryIds.has(prompt.categoryId);
  return general !== null && prompt.categoryId === general.id;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function comparator(sort: PromptSort): (a: Prompt, b: Prompt) => number {
  switch (sort) {
    case 'name':
      return (a, b) => collator.compare(a.title, b.title) || b.id - a.id;
    case 'used':
      return (a, b) => b.usageCount - a.usageCount || b.id - a.id;
    default:
      return (a, b) => b.id - a.id;
  }
}

export type CategoryCounts = {
  all: number;
  favorites: number;
  general: number;
  byCategory: Map<number, number>;
};

export function countPrompts(
  prompts: Prompt[],
  general: Category | null,
  knownCategoryIds: Set<number>,
): CategoryCounts {
  const byCategory = new Map<number, number>();
  let favorites = 0;
  let inGeneral = 0;
  for (const prompt of prompts) {
    if (prompt.isFavorite === 1) favorites += 1;
    if (prompt.categoryId !== null)
      byCategory.set(prompt.categoryId, (byCategory.get(prompt.categoryId) ?? 0) + 1);
    if (belongsToGeneral(prompt, general, knownCategoryIds)) inGeneral += 1;
  }
  return { all: prompts.length, favorites, general: inGeneral, byCategory };
}
