import { z } from 'zod';
import { prompt, userScoped } from './library';
import { limits } from './limits';
import { entityId, plainText } from './text';

const id = entityId;

/**
 * The dashboard's orders: recent is newest first (id descending); name is title A–Z, case and
 * accents aside and numbers by value ("Prompt 2" before "Prompt 10"), as the browser's collator
 * sorts; used is most copied first; lastUsed is most recently copied first, never-copied last. Ties
 * go newest first, so every order is total and a page boundary is never ambiguous.
 */
export const PROMPT_SORTS = ['recent', 'name', 'used', 'lastUsed'] as const;
export const promptSort = z.enum(PROMPT_SORTS);
export type PromptSort = z.output<typeof promptSort>;

/** Which prompts the list holds: all, the favourites, or one category's (General included). */
export const PROMPT_FILTERS = ['all', 'favorites', 'category'] as const;
export const promptFilter = z.enum(PROMPT_FILTERS);
export type PromptFilter = z.output<typeof promptFilter>;

/** Cards per page: what a call gets without asking, and the most it may ask for. */
export const PROMPT_CARDS_PAGE = { default: 50, max: 100 } as const;
/** Characters of a prompt's content a card shows; the rest is read when needed (copy, edit). */
export const PROMPT_PREVIEW_CHARS = 300;
/** The longest search text: far more than a search box holds, short enough to bound the query. */
export const PROMPT_SEARCH_MAX_CHARS = 200;
/** A cursor names one card (its sort key and id); a 200-character title fits with room to spare. */
export const PROMPT_CURSOR_MAX_CHARS = 1_200;

/** A prompt as a card shows it: the start of its content and how long the whole is. */
export const promptCard = prompt.omit({ content: true }).extend({
  preview: z.string(),
  contentLength: z.number().int().nonnegative(),
  /** When the prompt was last copied (ISO 8601, to the millisecond); null until it is. */
  lastUsedAt: z.string().nullable(),
});
export type PromptCard = z.output<typeof promptCard>;

/**
 * How far a search counts its matches: a short, common text matches most of a large library, and
 * counting every match would read all of it on each keystroke. The list itself pages on regardless.
 */
export const PROMPT_SEARCH_COUNT_CAP = 1_000;

/**
 * A page of the filtered, searched and sorted list. `nextCursor` asks for the page after it (null
 * at the end); `total` counts every card the list holds, given on the first page (null after it).
 * A search counts up to PROMPT_SEARCH_COUNT_CAP: `totalAtLeast` says the list holds more.
 */
export const promptCardsPage = z.object({
  cards: z.array(promptCard),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative().nullable(),
  totalAtLeast: z.boolean(),
});
export type PromptCardsPage = z.output<typeof promptCardsPage>;

/** library.prompts.cards: `categoryId` is set exactly when the filter is a category. */
export const promptCardsRequest = userScoped.extend({
  filter: promptFilter,
  categoryId: id.nullable(),
  /** Only prompts with this tag, whatever its case; combined with the filter and the search. */
  tag: z
    .string()
    .max(limits.tag.max * 4)
    .nullable()
    .default(null),
  /**
   * One line: the library searches the title, the content and the tags as one text with line
   * breaks between them, and a search holding no control character cannot match across them.
   */
  search: plainText('Search').max(PROMPT_SEARCH_MAX_CHARS),
  sort: promptSort,
  cursor: z.string().max(PROMPT_CURSOR_MAX_CHARS).nullable(),
  limit: z.number().int().min(1).max(PROMPT_CARDS_PAGE.max),
});
export type PromptCardsRequest = z.input<typeof promptCardsRequest>;

/** The sidebar's counts: all prompts, the favourites, and each category's (null: in none). */
export const promptCounts = z.object({
  all: z.number().int().nonnegative(),
  favorites: z.number().int().nonnegative(),
  byCategory: z.array(z.object({ categoryId: id.nullable(), count: z.number().int().positive() })),
});
export type PromptCounts = z.output<typeof promptCounts>;

/**
 * The command palette's index of the whole library: each prompt as [id, title, categoryId,
 * usageCount], newest first, a page at a time (`nextBefore` asks for the next; null at the end).
 * Tuples, not objects: 50,000 titles are a few megabytes, and names repeated 50,000 times would
 * double that.
 */
export const promptTitle = z.tuple([id, z.string(), id.nullable(), z.number().int().nonnegative()]);
export type PromptTitle = z.output<typeof promptTitle>;
export const promptTitlesPage = z.object({ titles: z.array(promptTitle), nextBefore: id.nullable() });
export type PromptTitlesPage = z.output<typeof promptTitlesPage>;
export const promptTitlesRequest = userScoped.extend({ before: id.nullable() });
export type PromptTitlesRequest = z.input<typeof promptTitlesRequest>;
/** Titles a page considers; fewer when their text would not fit a message. */
export const PROMPT_TITLES_PAGE_ROWS = 2_000;
