import { Inject, Injectable } from '@nestjs/common';
import { serviceError } from '@promptlib/platform';
import {
  PROMPT_PAGE_MAX_BYTES,
  PROMPT_SEARCH_COUNT_CAP,
  PROMPT_TITLES_PAGE_ROWS,
  type ParsedRequestOf,
  type PromptTitlesPage,
  type PromptCardsPage,
  type PromptCounts,
  type subjects,
} from '@promptlib/proto';
import { LIBRARY_DATA, type LibraryData } from '../library-data';
import type { CardQuery } from './prompt-cards.query';
import { decodeCursor, encodeCursor, keyOf } from './prompt-cursor';
import { pageThatFits } from './page-that-fits';

export type PromptCardsRequest = ParsedRequestOf<typeof subjects.library.promptsCards>;
export type PromptTitlesRequest = ParsedRequestOf<typeof subjects.library.promptsTitles>;

export const CATEGORY_FILTER_MESSAGE = 'A category filter names its category, and no other filter does.';

/**
 * The dashboard's list, a page at a time: the active filter, then the search in title or content
 * (case-insensitive, the text as typed less its outer spaces), then the sort.
 */
@Injectable()
export class PromptCardsService {
  constructor(@Inject(LIBRARY_DATA) private readonly data: LibraryData) {}

  async page(request: PromptCardsRequest): Promise<PromptCardsPage> {
    if ((request.filter === 'category') !== (request.categoryId !== null)) {
      throw serviceError('VALIDATION_FAILED', CATEGORY_FILTER_MESSAGE, {
        categoryId: { rule: 'invalid', message: CATEGORY_FILTER_MESSAGE },
      });
    }
    const after = request.cursor === null ? null : decodeCursor(request.cursor, request.sort);
    const query: CardQuery = {
      userId: request.userId,
      favoritesOnly: request.filter === 'favorites',
      categoryId: request.categoryId,
      needle: request.search.trim(),
      sort: request.sort,
      after,
      rows: request.limit + 1,
    };
    // A search counts one past its cap, to tell "exactly the cap" from "more".
    const cap = query.needle === '' ? Number.MAX_SAFE_INTEGER : PROMPT_SEARCH_COUNT_CAP + 1;
    const prompts = this.data.direct.prompts;
    const [rows, counted] = await Promise.all([
      prompts.cards(query),
      after === null ? prompts.countCards(query, cap) : null,
    ]);
    const cards = rows.slice(0, request.limit);
    const last = cards[cards.length - 1];
    const totalAtLeast = counted !== null && counted > PROMPT_SEARCH_COUNT_CAP && query.needle !== '';
    return {
      cards,
      nextCursor: rows.length > request.limit ? encodeCursor(keyOf(last, request.sort)) : null,
      total: totalAtLeast ? PROMPT_SEARCH_COUNT_CAP : counted,
      totalAtLeast,
    };
  }

  /**
   * A page of the palette's title index, newest first below `before`. A page holds the titles that
   * fit the byte budget; should escaping make one too big for a message all the same, fewer rows
   * are taken.
   */
  async titles({ userId, before }: PromptTitlesRequest): Promise<PromptTitlesPage> {
    const page = await pageThatFits(
      PROMPT_TITLES_PAGE_ROWS,
      (rows) => this.data.direct.prompts.titles(userId, before, PROMPT_PAGE_MAX_BYTES, rows),
      (rows) => {
        const titles = rows.map((row): PromptTitlesPage['titles'][number] => [
          row.id,
          row.title,
          row.categoryId,
          row.usageCount,
        ]);
        return { reply: titles, bytes: Buffer.byteLength(JSON.stringify(titles)) };
      },
    );
    return { titles: page.reply, nextBefore: page.nextBefore };
  }

  async counts(userId: number): Promise<PromptCounts> {
    const rows = await this.data.direct.prompts.countsByCategory(userId);
    return {
      all: rows.reduce((sum, row) => sum + row.count, 0),
      favorites: rows.reduce((sum, row) => sum + row.favorites, 0),
      byCategory: rows
        .map(({ categoryId, count }) => ({ categoryId, count }))
        .sort((a, b) => (a.categoryId ?? 0) - (b.categoryId ?? 0)),
    };
  }
}
