import {
  PROMPT_CARDS_PAGE,
  PROMPT_CURSOR_MAX_CHARS,
  PROMPT_SEARCH_MAX_CHARS,
  entityId,
  limits,
  plainText,
  promptFilter,
  promptSort,
} from '@promptlib/proto';
import { z } from 'zod';

const CATEGORY_ID = 'Category must be a category id';
const LIMIT = `Limit must be a whole number from 1 to ${PROMPT_CARDS_PAGE.max}`;

/**
 * GET /api/prompts/cards's query string. Every value arrives as text; numbers are digits only, and
 * a name the route does not know, or one given twice, is refused rather than ignored.
 */
export const promptCardsQuery = z.strictObject({
  filter: promptFilter.optional(),
  categoryId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, CATEGORY_ID)
    .transform(Number)
    .pipe(entityId)
    .optional(),
  tag: plainText('Tag')
    .min(1)
    .max(limits.tag.max * 4)
    .optional(),
  search: plainText('Search').max(PROMPT_SEARCH_MAX_CHARS).optional(),
  sort: promptSort.optional(),
  cursor: z.string().max(PROMPT_CURSOR_MAX_CHARS).optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, LIMIT)
    .transform(Number)
    .pipe(z.number().max(PROMPT_CARDS_PAGE.max, LIMIT))
    .optional(),
});
export type PromptCardsQuery = z.output<typeof promptCardsQuery>;

/**
 * The query string of GET /api/prompts/pages and /api/prompts/titles: the page below a prompt id,
 * or the first page without one.
 */
export const pageBeforeQuery = z.strictObject({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Before must be a prompt id')
    .transform(Number)
    .pipe(entityId)
    .optional(),
});
