import type { AppDispatch, RootState } from '../../app/store';
import { putPrompt, removeCard } from './card-lists';
import type { Prompt } from '@promptlib/proto';
import {
  CARDS_TAG,
  COUNTS_TAG,
  TAGS_TAG,
  WHOLE_TAG,
  changeTitle,
  eachCardList,
  libraryApi,
} from './library.api';

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
export type MarkedPrompt = { promptId: number; isFavorite: number; tags: string[] };
export type ChangedTag = { name: string; newName: string | null };
export type UpdatedCategory = { categoryId: number; name: string; position: number };

// Changes come in runs (a move of many, an import elsewhere): their re-reads wait for the run's end.
const REREAD_AFTER_MS = 300;
let reread: ReturnType<typeof setTimeout> | undefined;
const toReadAgain = new Set<LibraryTag>();

type LibraryTag = Parameters<typeof libraryApi.util.invalidateTags>[0][number];

/** Reads these again once the run of changes ends. */
function readAgainSoon(dispatch: AppDispatch, tags: LibraryTag[]): void {
  tags.forEach((tag) => toReadAgain.add(tag));
  clearTimeout(reread);
  reread = setTimeout(() => {
    const now = [...toReadAgain];
    toReadAgain.clear();
    dispatch(libraryApi.util.invalidateTags(now));
  }, REREAD_AFTER_MS);
}

function readCountsAgain(dispatch: AppDispatch): void {
  readAgainSoon(dispatch, [COUNTS_TAG, TAGS_TAG, 'Limits']);
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
export async function promptChangedElsewhere(cache: CacheAccess, change: ChangedPrompt): Promise<void> {
  const whole = libraryApi.endpoints.getPrompt.select(change.promptId)(cache.getState()).data;
  const shown =
    whole &&
    whole.title === change.title &&
    whole.content === change.content &&
    whole.categoryId === change.categoryId &&
    isShown(cache.getState(), change.promptId);
  if (!shown) await readAndShow(cache, change.promptId);
}

/**
 * A prompt starred, unstarred or tagged elsewhere: read whole once and shown (it may join or leave
 * Favourites, or a tag's list), unless every copy this tab holds has those marks already.
 */
export async function promptMarkedElsewhere(cache: CacheAccess, change: MarkedPrompt): Promise<void> {
  const held = heldCopies(cache.getState(), change.promptId);
  const marked = (copy: Pick<Prompt, 'isFavorite' | 'tags'>) =>
    copy.isFavorite === change.isFavorite && copy.tags.join('\u0000') === change.tags.join('\u0000');
  if (held.length > 0 && held.every(marked)) return;
  await readAndShow(cache, change.promptId);
}

/** Every copy of the prompt this tab holds: the whole prompt, and its card in each loaded page. */
function heldCopies(state: RootState, id: number): Pick<Prompt, 'isFavorite' | 'tags'>[] {
  const copies: Pick<Prompt, 'isFavorite' | 'tags'>[] = [];
  const whole = libraryApi.endpoints.getPrompt.select(id)(state).data;
  if (whole) copies.push(whole);
  for (const args of libraryApi.util.selectCachedArgsForQuery(state, 'getPromptCards')) {
    const card = libraryApi.endpoints.getPromptCards
      .select(args)(state)
      .data?.cards.find((candidate) => candidate.id === id);
    if (card) copies.push(card);
  }
  return copies;
}

/** Reads the prompt whole and puts it in every loaded list that takes it, and in the palette. */
async function readAndShow({ dispatch, getState }: CacheAccess, id: number): Promise<void> {
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

/**
 * A tag renamed or taken off every prompt elsewhere: the cards, whole prompts and tags are read
 * again, as when it is done here; unless this tab's tags show it done already (its own change).
 */
export function tagChangedElsewhere({ dispatch, getState }: CacheAccess, change: ChangedTag): void {
  const tags = libraryApi.endpoints.getTags.select()(getState()).data;
  const has = (name: string) => tags?.some((tag) => tag.name === name) ?? false;
  if (tags && !has(change.name) && (change.newName === null || has(change.newName))) return;
  readAgainSoon(dispatch, [CARDS_TAG, WHOLE_TAG, TAGS_TAG]);
}

/** A category made, renamed or moved elsewhere: the categories are read again, unless shown so. */
export function categoryUpdatedElsewhere({ dispatch, getState }: CacheAccess, change: UpdatedCategory): void {
  const shown = libraryApi.endpoints.getCategories
    .select()(getState())
    .data?.find((category) => category.id === change.categoryId);
  if (shown && shown.name === change.name && shown.position === change.position) return;
  readAgainSoon(dispatch, ['Categories', COUNTS_TAG]);
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
