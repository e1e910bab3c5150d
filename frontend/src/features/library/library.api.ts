import type {
  Category,
  ChangedPrompts,
  CategoryPosition,
  CopyResult,
  DeleteCategoryResponse,
  LimitsRecord,
  Prompt,
  PromptCard,
  PromptCardsPage,
  PromptCounts,
  PromptTitle,
  PromptVersion,
  PromptTitlesPage,
  TagChanged,
  TagSummary,
} from '@promptlib/proto';
import { baseApi } from '../../api/base-api';
import {
  addCard,
  cardListOf,
  cardOf,
  changeCard,
  countPrompt,
  filterTakes,
  putPrompt,
  removeCard,
  type CardList,
  type CardListArgs,
} from './card-lists';

export type PromptInput = {
  title: string;
  content: string;
  categoryId: number | string | null;
  /** Left out, an edit keeps the prompt's tags. */
  tags?: string[];
};
export type PromptUpdate = PromptInput & { id: number };

// Categories are fetched again a moment after prompt work, so a change made in another tab shows up.
const CATEGORY_REFETCH_AFTER_PROMPT_WORK_MS = 1_000;
/** The first page fills the first screen at once; the pages after it are bigger, so scrolling asks less often. */
export const FIRST_CARDS_PAGE = 50;
export const NEXT_CARDS_PAGE = 100;
// A list not on screen is kept a minute (back from a search, it shows at once), not for the session.
const UNUSED_LIST_KEPT_S = 60;
export const COUNTS_TAG = { type: 'Prompts', id: 'counts' } as const;
// A tag's rename or deletion changes the tags shown on cards and whole prompts and the tag list,
// but no title, count or category: only those are read again.
export const CARDS_TAG = { type: 'Prompts', id: 'cards' } as const;
export const WHOLE_TAG = { type: 'Prompts', id: 'whole' } as const;
export const TAGS_TAG = { type: 'Prompts', id: 'tags' } as const;

/** The counts of a library that has no prompt yet: a new account's. */
export const NO_PROMPTS: PromptCounts = { all: 0, favorites: 0, byCategory: [] };

/** The query string of a list's page; empty and default values are left out. */
export function cardsUrl(args: CardListArgs, cursor: string | null, limit: number): string {
  const query = new URLSearchParams({ filter: args.filter, sort: args.sort, limit: String(limit) });
  if (args.categoryId !== null) query.set('categoryId', String(args.categoryId));
  if (args.tag !== null) query.set('tag', args.tag);
  if (args.search.trim() !== '') query.set('search', args.search.trim());
  if (cursor !== null) query.set('cursor', cursor);
  return `/prompts/cards?${query.toString()}`;
}

export const libraryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A list's first page; the pages after it are joined to it as the user scrolls (loadNextCards). */
    getPromptCards: build.query<CardList, CardListArgs>({
      query: (args) => cardsUrl(args, null, FIRST_CARDS_PAGE),
      transformResponse: (page: PromptCardsPage) => cardListOf(page),
      providesTags: ['Prompts', CARDS_TAG],
      keepUnusedDataFor: UNUSED_LIST_KEPT_S,
    }),
    /** A later page, read once and joined to its list; never kept on its own. */
    getPromptCardsPage: build.query<PromptCardsPage, CardListArgs & { cursor: string }>({
      query: ({ cursor, ...args }) => cardsUrl(args, cursor, NEXT_CARDS_PAGE),
      keepUnusedDataFor: 0,
    }),
    getPromptCounts: build.query<PromptCounts, void>({
      query: () => '/prompts/counts',
      providesTags: ['Prompts', COUNTS_TAG],
    }),
    /** One prompt whole, for what needs more than a card holds: copy, edit, a template, open in. */
    getPrompt: build.query<Prompt, number>({
      query: (id) => `/prompts/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Prompts', id }, WHOLE_TAG],
      keepUnusedDataFor: UNUSED_LIST_KEPT_S,
    }),
    /** The user's tags A–Z with how many prompts carry each; any change to the prompts reads them again. */
    getTags: build.query<TagSummary[], void>({
      query: () => '/tags',
      providesTags: ['Prompts', TAGS_TAG],
    }),
    /**
     * Every title of the library, for the command palette to match as the user types: read page by
     * page once, then kept right by each change made here.
     */
    getPromptTitles: build.query<PromptTitle[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const titles: PromptTitle[] = [];
        let before: number | null = null;
        do {
          const result = await baseQuery(`/prompts/titles${before === null ? '' : `?before=${before}`}`);
          if (result.error) return { error: result.error };
          const page = result.data as PromptTitlesPage;
          titles.push(...page.titles);
          before = page.nextBefore;
        } while (before !== null);
        return { data: titles };
      },
      providesTags: ['Prompts'],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      providesTags: ['Categories'],
    }),
    getLimits: build.query<LimitsRecord, void>({ query: () => '/user/limits', providesTags: ['Limits'] }),
    /**
     * A prompt's versions, newest first: the first is the prompt as it is now. Read afresh each
     * time the history opens and dropped when it closes: up to a thousand whole texts are too
     * many to keep for a dialog that is seldom open.
     */
    getPromptVersions: build.query<PromptVersion[], number>({
      query: (id) => `/prompts/${id}/versions`,
      providesTags: (_result, _error, id) => [{ type: 'PromptVersions', id }],
      keepUnusedDataFor: 0,
    }),

    createPrompt: build.mutation<Prompt, PromptInput>({
      query: (body) => ({ url: '/prompts', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        eachCardList(getState, dispatch, (list, args) => putPrompt(list, args, data));
        dispatch(
          libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) =>
            countPrompt(counts, data, 1),
          ),
        );
        dispatch(libraryApi.util.upsertQueryData('getPrompt', data.id, data));
        // Newest first, as the index is read: a prompt just made can be included at once.
        dispatch(
          libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) => {
            titles.unshift([data.id, data.title, data.categoryId, data.usageCount]);
          }),
        );
        dispatch(libraryApi.util.invalidateTags(data.tags.length > 0 ? ['Limits', TAGS_TAG] : ['Limits']));
        scheduleCategoryRefetch(dispatch);
      },
    }),
    updatePrompt: build.mutation<Prompt, PromptUpdate>({
      query: ({ id, ...body }) => ({ url: `/prompts/${id}`, method: 'PATCH', body }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const before = libraryApi.endpoints.getPrompt.select(id)(getState()).data;
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        eachCardList(getState, dispatch, (list, args) => putPrompt(list, args, data));
        changeTitle(dispatch, data.id, (title) => {
          title[1] = data.title;
          title[2] = data.categoryId;
        });
        // Without the prompt as it was, the counts are read again rather than guessed.
        if (!before) dispatch(libraryApi.util.invalidateTags([COUNTS_TAG]));
        else if (before.categoryId !== data.categoryId)
          dispatch(
            libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) => {
              countPrompt(counts, before, -1);
              countPrompt(counts, data, 1);
            }),
          );
        dispatch(libraryApi.util.upsertQueryData('getPrompt', data.id, data));
        if (!before || before.tags.length > 0 || data.tags.length > 0)
          dispatch(libraryApi.util.invalidateTags([TAGS_TAG]));
        scheduleCategoryRefetch(dispatch);
      },
    }),
    deletePrompt: build.mutation<void, PromptCard | Prompt>({
      query: ({ id }) => ({ url: `/prompts/${id}`, method: 'DELETE' }),
      async onQueryStarted(prompt, { dispatch, getState, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        eachCardList(getState, dispatch, (list) => void removeCard(list, prompt.id));
        dispatch(
          libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) =>
            titles.filter(([id]) => id !== prompt.id),
          ),
        );
        dispatch(
          libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) =>
            countPrompt(counts, prompt, -1),
          ),
        );
        // Its link, if it had one, is gone with it, and its tags count one prompt fewer.
        dispatch(
          libraryApi.util.invalidateTags(
            prompt.tags.length > 0 ? ['Limits', 'Shares', TAGS_TAG] : ['Limits', 'Shares'],
          ),
        );
        scheduleCategoryRefetch(dispatch);
      },
    }),
    /** Many at once: gone from the loaded pages at once, then lists and counts are read again. */
    deletePrompts: build.mutation<ChangedPrompts, number[]>({
      query: (promptIds) => ({ url: '/prompts/delete', method: 'POST', body: { promptIds } }),
      async onQueryStarted(_ids, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        eachCardList(getState, dispatch, (list) => {
          for (const id of data.promptIds) removeCard(list, id);
        });
        dispatch(libraryApi.util.invalidateTags(['Prompts', 'Limits', 'Shares']));
        scheduleCategoryRefetch(dispatch);
      },
    }),
    /** The moved prompts show in their new category once the lists are read again. */
    movePrompts: build.mutation<ChangedPrompts, { promptIds: number[]; categoryId: number | null }>({
      query: (body) => ({ url: '/prompts/move', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Prompts'] : []),
    }),
    /** The Undo of a deletion: the prompts come back where they were, their links with them. */
    restorePrompts: build.mutation<ChangedPrompts, number[]>({
      query: (promptIds) => ({ url: '/prompts/restore', method: 'POST', body: { promptIds } }),
      invalidatesTags: (result) => (result ? ['Prompts', 'Limits', 'Shares'] : []),
    }),
    /**
     * An old version made the current one again, as a new version at the top of the history:
     * the cards, counts, titles and the prompt itself are read again, and the history with them.
     */
    restorePromptVersion: build.mutation<Prompt, { promptId: number; version: number }>({
      query: ({ promptId, version }) => ({
        url: `/prompts/${promptId}/versions/${version}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (result, _error, { promptId }) =>
        result ? ['Prompts', { type: 'PromptVersions', id: promptId }] : [],
    }),
    /** The use count goes up at once and back down if the server refuses. */
    copyPrompt: build.mutation<CopyResult, number>({
      query: (id) => ({ url: `/prompts/${id}/copy`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const now = new Date().toISOString();
        const patches = changeCachedPrompt(getState, dispatch, id, (prompt) => {
          prompt.usageCount += 1;
          // The card stays where it is, as for the use count; the list sorts it anew when read again.
          if ('lastUsedAt' in prompt) prompt.lastUsedAt = now;
        });
        patches.push(
          changeTitle(dispatch, id, (title) => {
            title[3] += 1;
          }),
        );
        await queryFulfilled.catch(() => patches.forEach((patch) => patch.undo()));
      },
    }),
    /** The star flips at once and flips back if the server refuses. */
    toggleFavorite: build.mutation<Prompt, PromptCard | Prompt>({
      query: ({ id }) => ({ url: `/prompts/${id}/toggle-favorite`, method: 'POST' }),
      async onQueryStarted(prompt, { dispatch, getState, queryFulfilled }) {
        const flipped = prompt.isFavorite === 1 ? 0 : 1;
        const patches = changeCachedPrompt(getState, dispatch, prompt.id, (cached) => {
          cached.isFavorite = flipped;
        });
        patches.push(
          dispatch(
            libraryApi.util.updateQueryData('getPromptCounts', undefined, (counts) => {
              counts.favorites = Math.max(0, counts.favorites + (flipped === 1 ? 1 : -1));
            }),
          ),
        );
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return patches.forEach((patch) => patch.undo());
        // A favourite added is in the Favourites list too, loaded or not.
        if (flipped === 1)
          eachCardList(getState, dispatch, (list, args) => {
            if (args.filter === 'favorites' && args.search.trim() === '' && filterTakes(args, data))
              addCard(list, cardOf(data), args.sort);
          });
      },
    }),

    /**
     * A tag renamed on every prompt; a name the user already has (any case) merges the two into
     * that spelling. The cards, whole prompts and tags are read again.
     */
    renameTag: build.mutation<TagChanged, { name: string; newName: string }>({
      query: ({ name, newName }) => ({
        url: `/tags/${encodeURIComponent(name)}`,
        method: 'PATCH',
        body: { name: newName },
      }),
      invalidatesTags: (result) => (result ? [CARDS_TAG, WHOLE_TAG, TAGS_TAG] : []),
    }),
    /** A tag taken off every prompt; the prompts stay. */
    deleteTag: build.mutation<TagChanged, string>({
      query: (name) => ({ url: `/tags/${encodeURIComponent(name)}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [CARDS_TAG, WHOLE_TAG, TAGS_TAG] : []),
    }),

    createCategory: build.mutation<Category, { name: string; position: number }>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          libraryApi.util.updateQueryData('getCategories', undefined, (categories) => [...categories, data]),
        );
        dispatch(libraryApi.util.invalidateTags(['Limits']));
      },
    }),
    /** The new name shows wherever the category does once the server has accepted it. */
    renameCategory: build.mutation<Category, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/categories/${id}`, method: 'PATCH', body: { name } }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          libraryApi.util.updateQueryData('getCategories', undefined, (categories) =>
            categories.map((category) => (category.id === data.id ? data : category)),
          ),
        );
      },
    }),
    /** Deleting a category deletes its prompts too, here as on the server. */
    deleteCategory: build.mutation<DeleteCategoryResponse, number>({
      query: (id) => ({ url: `/categories/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          libraryApi.util.updateQueryData('getCategories', undefined, (categories) =>
            categories.filter((category) => category.id !== id),
          ),
        );
        // Its prompts went with it: gone from the loaded pages at once, then lists and counts are read again.
        eachCardList(getState, dispatch, (list) => {
          for (const card of list.cards.filter((candidate) => candidate.categoryId === id))
            removeCard(list, card.id);
        });
        dispatch(libraryApi.util.invalidateTags(['Prompts', 'Limits', 'Shares']));
      },
    }),
    /** The new order shows at once; it rolls back if the server refuses, and is re-read if it accepts. */
    reorderCategories: build.mutation<Category[], CategoryPosition[]>({
      query: (categoryPositions) => ({
        url: '/categories/update-positions',
        method: 'POST',
        body: { categoryPositions },
      }),
      async onQueryStarted(positions, { dispatch, queryFulfilled }) {
        const byId = new Map(positions.map((entry) => [entry.id, entry.position]));
        const patch = dispatch(
          libraryApi.util.updateQueryData('getCategories', undefined, (categories) => {
            for (const category of categories) {
              const position = byId.get(category.id);
              if (position !== undefined) category.position = position;
            }
          }),
        );
        try {
          await queryFulfilled;
          dispatch(libraryApi.util.invalidateTags(['Categories']));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

/** Whether the server accepted the call; showing its error is the caller's part. */
function succeeded(result: Promise<unknown>): Promise<boolean> {
  return result.then(
    () => true,
    () => false,
  );
}

type CacheState = Parameters<typeof libraryApi.util.selectCachedArgsForQuery>[0];
type Dispatch = (action: ReturnType<typeof libraryApi.util.updateQueryData>) => { undo: () => void };

/** Applies a change to every list in the cache, so each stays right without being read again. */
export function eachCardList(
  getState: () => unknown,
  dispatch: Dispatch,
  change: (list: CardList, args: CardListArgs) => void,
): Array<{ undo: () => void }> {
  return libraryApi.util
    .selectCachedArgsForQuery(getState() as CacheState, 'getPromptCards')
    .map((args) =>
      dispatch(libraryApi.util.updateQueryData('getPromptCards', args, (list) => change(list, args))),
    );
}

/** A change to one prompt wherever it is cached, made before the server answers; the patches undo it. */
function changeCachedPrompt(
  getState: () => unknown,
  dispatch: Dispatch,
  id: number,
  change: (prompt: PromptCard | Prompt) => void,
): Array<{ undo: () => void }> {
  return [
    ...eachCardList(getState, dispatch, (list, args) => changeCard(list, args, id, change)),
    dispatch(libraryApi.util.updateQueryData('getPrompt', id, change)),
  ];
}

export function changeTitle(dispatch: Dispatch, id: number, change: (title: PromptTitle) => void) {
  return dispatch(
    libraryApi.util.updateQueryData('getPromptTitles', undefined, (titles) => {
      const title = titles.find(([candidate]) => candidate === id);
      if (title) change(title);
    }),
  );
}

function scheduleCategoryRefetch(dispatch: (action: unknown) => unknown): void {
  setTimeout(
    () => dispatch(libraryApi.util.invalidateTags(['Categories'])),
    CATEGORY_REFETCH_AFTER_PROMPT_WORK_MS,
  );
}

export const {
  useGetPromptCardsQuery,
  useGetPromptCountsQuery,
  useGetPromptTitlesQuery,
  useGetCategoriesQuery,
  useGetTagsQuery,
  useRenameTagMutation,
  useDeleteTagMutation,
  useGetLimitsQuery,
  useGetPromptVersionsQuery,
  useRestorePromptVersionMutation,
  useLazyGetLimitsQuery,
  useLazyGetCategoriesQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
  useDeletePromptsMutation,
  useMovePromptsMutation,
  useRestorePromptsMutation,
  useCopyPromptMutation,
  useToggleFavoriteMutation,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useRenameCategoryMutation,
  useReorderCategoriesMutation,
} = libraryApi;
