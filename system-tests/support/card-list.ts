import type { ApiError, Prompt, PromptCardsPage, PromptFilter, PromptSort } from '@promptlib/proto';
import type { LibraryUser } from './library-api';

export type CardListQuery = {
  filter?: PromptFilter;
  categoryId?: number;
  search?: string;
  sort?: PromptSort;
  limit?: number;
};

// SPEC's rules, computed here from the whole list apart from the service's SQL: the filter, then a
// case-insensitive substring of title or content, then recent (id descending), name (title A–Z,
// as the browser's collator with base sensitivity and numbers by value) or used (most copied).
const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });
export function cardListReference(
  prompts: Prompt[],
  query: CardListQuery,
  usedInOrder: number[] = [],
): number[] {
  const needle = (query.search ?? '').trim().toLowerCase();
  const order: Record<PromptSort, (a: Prompt, b: Prompt) => number> = {
    recent: (a, b) => b.id - a.id,
    name: (a, b) => collator.compare(a.title, b.title) || b.id - a.id,
    used: (a, b) => b.usageCount - a.usageCount || b.id - a.id,
    lastUsed: (a, b) => usedInOrder.indexOf(b.id) - usedInOrder.indexOf(a.id) || b.id - a.id,
  };
  return prompts
    .filter((prompt) => query.filter !== 'favorites' || prompt.isFavorite === 1)
    .filter((prompt) => query.filter !== 'category' || prompt.categoryId === query.categoryId)
    .filter(
      (prompt) =>
        needle === '' ||
        prompt.title.toLowerCase().includes(needle) ||
        prompt.content.toLowerCase().includes(needle),
    )
    .sort(order[query.sort ?? 'recent'])
    .map((prompt) => prompt.id);
}

export function cardsQueryString(query: CardListQuery & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  return params.size === 0 ? '' : `?${params}`;
}

/** One page of the user's card list. */
export function cardsPage(user: LibraryUser, query: CardListQuery & { cursor?: string | null }) {
  return user.client.get<PromptCardsPage & ApiError>(`/api/prompts/cards${cardsQueryString(query)}`);
}

// A list that pages on past this is broken: its cursor never ends it.
const MOST_PAGES = 500;

/** The pages of the list from the first, as the web app scrolls through it: all, or the first `most`. */
export async function everyCardsPage(
  user: LibraryUser,
  query: CardListQuery,
  most?: number,
): Promise<PromptCardsPage[]> {
  const pages: PromptCardsPage[] = [];
  let cursor: string | null = null;
  while (pages.length < (most ?? MOST_PAGES)) {
    const res = await cardsPage(user, { ...query, cursor });
    if (res.status !== 200) {
      throw new Error(`page ${pages.length + 1} of ${cardsQueryString(query)} answered ${res.status}`);
    }
    pages.push(res.body);
    cursor = res.body.nextCursor;
    if (cursor === null) return pages;
  }
  if (most === undefined)
    throw new Error(`${cardsQueryString(query)} did not end within ${MOST_PAGES} pages`);
  return pages;
}
