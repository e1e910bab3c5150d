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
import type { CardQuery, CardRow } from './prompt-cards.query';
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
    // Prompts hold each tag in the user's spelling; a tag the user does not have lists nothing.
    const tag =
      request.tag === null ? null : await this.data.direct.tags.find(request.userId, request.tag.trim());
    if (request.tag !== null && tag === null)
      return { cards: [], nextCursor: null, total: 0, totalAtLeast: false };
    const query: CardQuery = {
      tag,
      userId: request.userId,
      favoritesOnly: request.filter === 'favorites',
      categoryId: request.categoryId,
      needle: request.search.trim(),
      sort: request.sort,
      after,
      rows: request.limit + 1,
    };
    // Only the first page says how many cards the list holds.
    const first = after === null;
    const [rows, matches] =
      query.needle === '' ? await this.listPage(query, first) : await this.searchPage(query);
    const counted = first ? matches : null;
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

  /** A page of the list without a search, and how many cards the whole list holds when `counting`. */
  private async listPage(query: CardQuery, counting: boolean): Promise<[CardRow[], number | null]> {
    const prompts = this.data.direct.prompts;
    return Promise.all([
      prompts.cards(query),
      counting ? prompts.countCards(query, Number.MAX_SAFE_INTEGER) : null,
    ]);
  }

  /**
   * A page of a search, and how many cards it finds: one past its cap at most, to tell "exactly the
   * cap" from "more". The matches are found once, by the trigram indexes, and the page is sorted
   * among them; reading the sort's index instead rechecks prompt after prompt until the page is
   * full, thousands of them when few match. Past the cap, matches are common enough for that.
   */
  private async searchPage(query: CardQuery): Promise<[CardRow[], number]> {
    const prompts = this.data.direct.prompts;
    const ids = await prompts.searchMatches(query, PROMPT_SEARCH_COUNT_CAP + 1);
    const rows =
      ids.length > PROMPT_SEARCH_COUNT_CAP
        ? await prompts.cards(query)
        : await prompts.cardsAmong(query, ids);
    return [rows, ids.length];
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
