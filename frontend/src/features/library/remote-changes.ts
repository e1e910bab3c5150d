import type { AppDispatch, RootState } from '../../app/store';
import { countPrompt, putPrompt, removeCard } from './card-lists';
import { COUNTS_TAG, TAGS_TAG, changeTitle, eachCardList, libraryApi } from './library.api';

/**
 * Changes made on another device or in another tab, applied to what this tab has loaded as its own
 * changes are: the card changes where it stands, a new one is put where its list's sort places it,
 * and the counts move. What this tab already shows (its own change, coming back) changes nothing,
 * so each change may arrive more than once. Where the tab cannot tell whether it shows a prompt
 * (neither a loaded page nor the palette's index holds it), the counts are read again rather than
 * guessed.
 */
export type CacheAccess = { dispatch: AppDispatch; getState: () => RootState };

type Shown = { categoryId: number | null; isFavorite: 0 | 1 | null };

/** Whether this tab shows the prompt: where, or that it does not, or that it cannot tell. */
function shownPrompt(state: RootState, id: number): Shown | 'absent' | 'unknown' {
  for (const args of libraryApi.util.selectCachedArgsForQuery(state, 'getPromptCards')) {
    const card = libraryApi.endpoints.getPromptCards
      .select(args)(state)
      .data?.cards.find((c) => c.id === id);
    if (card) return { categoryId: card.categoryId, isFavorite: card.isFavorite };
  }
  const titles = libraryApi.endpoints.getPromptTitles.select()(state).data;
  if (!titles) return 'unknown';
  const title = titles.find(([candidate]) => candidate === id);
  return title ? { categoryId: title[2], isFavorite: null } : 'absent';
}

/** A prompt made or changed elsewhere: read whole once (its tags, star and uses), then shown. */
export async function promptChangedElsewhere({ dispatch, getState }: CacheAccess, id: number): Promise<void> {
  const read = dispatch(
    libraryApi.endpoints.getPrompt.initiate(id, { forceRefetch: true, subscribe: false }),
  );
  const { data: prompt } = await read;
  // Gone again meanwhile (its deletion follows), or not readable now: the next change or reload shows it.
  if (!prompt) return;
  const shown = shownPrompt(getState(), id);
  eachCardList(getState, dispatch, (list, args) => putPrompt(list, args, prompt));
  if (shown === 'absent') {
    dispatch(
      libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) =>
        countPrompt(counts, prompt, 1),
      ),
    );
    dispatch(
      libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) => {
        titles.unshift([prompt.id, prompt.title, prompt.categoryId, prompt.usageCount]);
      }),
    );
    dispatch(libraryApi.util.invalidateTags(['Limits', TAGS_TAG]));
    return;
  }
  changeTitle(dispatch, id, (title) => {
    title[1] = prompt.title;
    title[2] = prompt.categoryId;
  });
  if (shown === 'unknown' || (shown.categoryId !== prompt.categoryId && shown.isFavorite === null))
    dispatch(libraryApi.util.invalidateTags([COUNTS_TAG, 'Limits']));
  else if (shown.categoryId !== prompt.categoryId)
    dispatch(
      libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) => {
        countPrompt(counts, { categoryId: shown.categoryId, isFavorite: shown.isFavorite ?? 0 }, -1);
        countPrompt(counts, prompt, 1);
      }),
    );
  dispatch(libraryApi.util.invalidateTags([TAGS_TAG]));
}

/** A prompt deleted elsewhere: gone from the pages and the palette, the counts one fewer. */
export function promptDeletedElsewhere({ dispatch, getState }: CacheAccess, id: number): void {
  const shown = shownPrompt(getState(), id);
  if (shown === 'absent') return;
  eachCardList(getState, dispatch, (list) => void removeCard(list, id));
  dispatch(
    libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) =>
      titles.filter(([candidate]) => candidate !== id),
    ),
  );
  if (shown === 'unknown' || shown.isFavorite === null)
    dispatch(libraryApi.util.invalidateTags([COUNTS_TAG]));
  else
    dispatch(
      libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) =>
        countPrompt(counts, { categoryId: shown.categoryId, isFavorite: shown.isFavorite ?? 0 }, -1),
      ),
    );
  dispatch(libraryApi.util.invalidateTags(['Limits', 'Shares', TAGS_TAG]));
}

/** A category deleted elsewhere, its prompts with it: as when it is deleted here. */
export function categoryDeletedElsewhere({ dispatch, getState }: CacheAccess, categoryId: number): void {
  const categories = libraryApi.endpoints.getCategories.select()(getState()).data;
  if (categories && !categories.some((category) => category.id === categoryId)) return;
  dispatch(
    libraryApi.util.updateQueryData('getCategories', undefined, (list) =>
      list.filter((category) => category.id !== categoryId),
    ),
  );
  eachCardList(getState, dispatch, (list) => {
    for (const card of list.cards.filter((candidate) => candidate.categoryId === categoryId))
      removeCard(list, card.id);
  });
  dispatch(libraryApi.util.invalidateTags(['Prompts', 'Limits', 'Shares']));
}
