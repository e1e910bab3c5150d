import type { PromptCard } from '@promptlib/proto';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, type AppDispatch } from '../../../app/store';
import { appendPage, type CardListArgs } from '../card-lists';
import { libraryApi, useGetPromptCardsQuery } from '../library.api';

export type PromptCards = {
  /** The loaded cards in order; the last list's while a new one's first page is on its way. */
  cards: PromptCard[];
  /** How many the list holds (null until known); `atLeast`: a search counted only so far. */
  total: number | null;
  atLeast: boolean;
  /** Whether the list has more cards than are loaded. */
  hasMore: boolean;
  /** Nothing to show yet: the list's first page is on its way. */
  isLoading: boolean;
  /** The cards shown are the last search's or order's, while this one's first page is on its way. */
  isStale: boolean;
  loadingMore: boolean;
  /** Loading the next page failed; `loadMore` tries again. */
  moreFailed: boolean;
  /** Asks for the next page unless it is on its way or there is none. */
  loadMore: () => void;
};

/** Reads the page after `cursor` and joins it to the list, unless the list was read anew meanwhile. */
async function loadNextCards(dispatch: AppDispatch, args: CardListArgs, cursor: string): Promise<void> {
  const request = dispatch(libraryApi.endpoints.getPromptCardsPage.initiate({ ...args, cursor }));
  try {
    const page = await request.unwrap();
    dispatch(
      libraryApi.util.updateQueryData('getPromptCards', args, (list) => {
        if (list.nextCursor === cursor) appendPage(list, page);
      }),
    );
  } finally {
    request.unsubscribe();
  }
}

/**
 * One list of prompt cards, a page at a time: the first page with the list, the next ones as the
 * user scrolls toward them. Changes made in the app patch the loaded pages (library.api), so an
 * edit, a delete, a favourite or a copy keeps the pages and the scroll position.
 */
export function usePromptCards(args: CardListArgs): PromptCards {
  // args memoised by the caller keeps loadMore the same function from one render to the next.
  const dispatch = useAppDispatch();
  const query = useGetPromptCardsQuery(args);
  // A list a change left out of its order while another list showed (a use while Name showed, say)
  // is read again when it is shown; the list on screen keeps its cards where they stand.
  const arrived = useRef<CardListArgs | null>(null);
  const outOfOrder = query.currentData?.outOfOrder === true;
  const { refetch } = query;
  useEffect(() => {
    if (arrived.current === args) return;
    arrived.current = args;
    if (outOfOrder) void refetch();
  }, [args, outOfOrder, refetch]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const inFlight = useRef<string | null>(null);

  const current = query.currentData;
  // While a new search or order loads, the last one's cards stay and the new ones take their places:
  // typing or sorting does not flash placeholders, and the cards are updated rather than built anew
  // (a sort at 5,000 prompts, medians of 6 runs: 166 → 140 ms by name, 113 → 103 ms by use).
  // Another filter shows placeholders instead, never another list's cards under its heading.
  const lastShown = useRef<CardListArgs | null>(null);
  if (current) lastShown.current = args;
  const keepLast = current === undefined && lastShown.current !== null && sameFilter(lastShown.current, args);
  const shown = current ?? (keepLast ? query.data : undefined);
  const nextCursor = current?.nextCursor ?? null;
  const loadMore = useCallback(() => {
    if (nextCursor === null || inFlight.current === nextCursor) return;
    inFlight.current = nextCursor;
    setLoadingMore(true);
    setMoreFailed(false);
    loadNextCards(dispatch, args, nextCursor)
      .catch(() => setMoreFailed(true))
      .finally(() => {
        if (inFlight.current === nextCursor) inFlight.current = null;
        setLoadingMore(false);
      });
  }, [dispatch, nextCursor, args]);

  return {
    cards: shown?.cards ?? [],
    total: shown?.total ?? null,
    atLeast: shown?.totalAtLeast ?? false,
    hasMore: nextCursor !== null,
    isLoading: shown === undefined,
    isStale: shown !== undefined && current === undefined,
    loadingMore,
    moreFailed,
    loadMore,
  };
}

/** Whether two lists hold cards of the same filter (whatever their search and order). */
function sameFilter(a: CardListArgs, b: CardListArgs): boolean {
  return a.filter === b.filter && a.categoryId === b.categoryId && a.tag === b.tag;
}
