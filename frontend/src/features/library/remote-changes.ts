import type { AppDispatch, RootState } from '../../app/store';
import { putPrompt, removeCard } from './card-lists';
import { COUNTS_TAG, TAGS_TAG, changeTitle, eachCardList, libraryApi } from './library.api';

/**
 * Changes made on another device or in another tab, applied to what this tab has loaded: a card
 * changes where it stands, a new one is put where its list's sort places it, a deleted one goes.
 * Each may arrive more than once (this tab's own change comes back too), so nothing here adds or
 * subtracts: the counts, the limits and the tags are read again instead, once for a run of
 * changes, since whether they already hold a change cannot be told from here.
 */
export type CacheAccess = { dispatch: AppDispatch; getState: () => RootState };

/** What a prompt's change says of it: enough to know this tab shows it so already. */
export type ChangedPrompt = { promptId: number; title: string; content: string; categoryId: number | null };

// Changes come in runs (a move of many, an import elsewhere): their re-reads wait for the run's end.
const REREAD_AFTER_MS = 300;
let reread: ReturnType<typeof setTimeout> | undefined;

function readCountsAgain(dispatch: AppDispatch): void {
  clearTimeout(reread);
  reread = setTimeout(
    () => dispatch(libraryApi.util.invalidateTags([COUNTS_TAG, TAGS_TAG, 'Limits'])),
    REREAD_AFTER_MS,
  );
}

/** Whether a loaded page or the palette's index holds the prompt. */
function isShown(state: RootState, id: number): boolean {
  for (const args of libraryApi.util.selectCachedArgsForQuery(state, 'getPromptCards')) {
    if (
      libraryApi.endpoints.getPromptCards
        .select(args)(state)
        .data?.cards.some((card) => card.id === id)
    )
      return true;
  }
  return (
    libraryApi.endpoints.getPromptTitles
      .select()(state)
      .data?.some(([candidate]) => candidate === id) ?? false
  );
}

/**
 * A prompt made or changed elsewhere: read whole once (its tags, star and uses), then shown. A
 * change this tab shows already (its own, coming back) costs no read.
 */
export async function promptChangedElsewhere(
  { dispatch, getState }: CacheAccess,
  change: ChangedPrompt,
): Promise<void> {
  const id = change.promptId;
  const whole = libraryApi.endpoints.getPrompt.select(id)(getState()).data;
  if (
    whole &&
    whole.title === change.title &&
    whole.content === change.content &&
    whole.categoryId === change.categoryId &&
    isShown(getState(), id)
  )
    return;
  const read = dispatch(
    libraryApi.endpoints.getPrompt.initiate(id, { forceRefetch: true, subscribe: false }),
  );
  const { data: prompt } = await read;
  // Gone again meanwhile (its deletion follows), or not readable now: the next change or reload shows it.
  if (!prompt) return;
  const titleKnown = libraryApi.endpoints.getPromptTitles
    .select()(getState())
    .data?.some(([candidate]) => candidate === id);
  eachCardList(getState, dispatch, (list, args) => putPrompt(list, args, prompt));
  if (titleKnown)
    changeTitle(dispatch, id, (title) => {
      title[1] = prompt.title;
      title[2] = prompt.categoryId;
    });
  else
    dispatch(
      libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) => {
        titles.unshift([prompt.id, prompt.title, prompt.categoryId, prompt.usageCount]);
      }),
    );
  readCountsAgain(dispatch);
}

/** A prompt deleted elsewhere: gone from the pages and the palette. */
export function promptDeletedElsewhere({ dispatch, getState }: CacheAccess, id: number): void {
  if (!isShown(getState(), id)) return;
  eachCardList(getState, dispatch, (list) => void removeCard(list, id));
  dispatch(
    libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) =>
      titles.filter(([candidate]) => candidate !== id),
    ),
  );
  readCountsAgain(dispatch);
  dispatch(libraryApi.util.invalidateTags(['Shares']));
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

/** Many changes at once (an import or a move elsewhere): every list is read again, once. */
export function manyPromptsChangedElsewhere({ dispatch }: CacheAccess): void {
  dispatch(libraryApi.util.invalidateTags(['Prompts', 'Limits', 'Shares']));
}
