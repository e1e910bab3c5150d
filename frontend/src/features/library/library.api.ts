import type {
  Category,
  CategoryPosition,
  CopyResult,
  DeleteCategoryResponse,
  LimitsRecord,
  Prompt,
} from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

export type PromptInput = { title: string; content: string; categoryId: number | string | null };
export type PromptUpdate = PromptInput & { id: number };

// Counts in the sidebar come from the prompts, but categories are fetched again a moment after
// prompt work too, so a change made in another tab shows up.
const CATEGORY_REFETCH_AFTER_PROMPT_WORK_MS = 1_000;

export const libraryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPrompts: build.query<Prompt[], void>({ query: () => '/prompts', providesTags: ['Prompts'] }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      providesTags: ['Categories'],
    }),
    getLimits: build.query<LimitsRecord, void>({ query: () => '/user/limits', providesTags: ['Limits'] }),

    createPrompt: build.mutation<Prompt, PromptInput>({
      query: (body) => ({ url: '/prompts', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(libraryApi.util.updateQueryData('getPrompts', undefined, (prompts) => [data, ...prompts]));
        dispatch(libraryApi.util.invalidateTags(['Limits']));
        scheduleCategoryRefetch(dispatch);
      },
    }),
    updatePrompt: build.mutation<Prompt, PromptUpdate>({
      query: ({ id, ...body }) => ({ url: `/prompts/${id}`, method: 'PATCH', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          libraryApi.util.updateQueryData('getPrompts', undefined, (prompts) =>
            prompts.map((prompt) => (prompt.id === data.id ? data : prompt)),
          ),
        );
        scheduleCategoryRefetch(dispatch);
      },
    }),
    deletePrompt: build.mutation<void, number>({
      query: (id) => ({ url: `/prompts/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          libraryApi.util.updateQueryData('getPrompts', undefined, (prompts) =>
            prompts.filter((prompt) => prompt.id !== id),
          ),
        );
        // Its link, if it had one, is gone with it.
        dispatch(libraryApi.util.invalidateTags(['Limits', 'Shares']));
        scheduleCategoryRefetch(dispatch);
      },
    }),
    /** The use count goes up at once and back down if the server refuses. */
    copyPrompt: build.mutation<CopyResult, number>({
      query: (id) => ({ url: `/prompts/${id}/copy`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          changeCachedPrompt(id, (prompt) => {
            prompt.usageCount += 1;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The star flips at once and flips back if the server refuses. */
    toggleFavorite: build.mutation<Prompt, number>({
      query: (id) => ({ url: `/prompts/${id}/toggle-favorite`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          changeCachedPrompt(id, (prompt) => {
            prompt.isFavorite = prompt.isFavorite === 1 ? 0 : 1;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
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
    /** Deleting a category deletes its prompts too, here as on the server. */
    deleteCategory: build.mutation<DeleteCategoryResponse, number>({
      query: (id) => ({ url: `/categories/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          libraryApi.util.updateQueryData('getCategories', undefined, (categories) =>
            categories.filter((category) => category.id !== id),
          ),
        );
        dispatch(
          libraryApi.util.updateQueryData('getPrompts', undefined, (prompts) =>
            prompts.filter((prompt) => prompt.categoryId !== id),
          ),
        );
        dispatch(libraryApi.util.invalidateTags(['Limits', 'Shares']));
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

/** A change to one cached prompt, made before the server answers; dispatch it and keep the patch to undo. */
function changeCachedPrompt(id: number, change: (prompt: Prompt) => void) {
  return libraryApi.util.updateQueryData('getPrompts', undefined, (prompts) => {
    const prompt = prompts.find((candidate) => candidate.id === id);
    if (prompt) change(prompt);
  });
}

function scheduleCategoryRefetch(dispatch: (action: unknown) => unknown): void {
  setTimeout(
    () => dispatch(libraryApi.util.invalidateTags(['Categories'])),
    CATEGORY_REFETCH_AFTER_PROMPT_WORK_MS,
  );
}

export const {
  useGetPromptsQuery,
  useLazyGetPromptsQuery,
  useGetCategoriesQuery,
  useGetLimitsQuery,
  useLazyGetLimitsQuery,
  useLazyGetCategoriesQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
  useCopyPromptMutation,
  useToggleFavoriteMutation,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useReorderCategoriesMutation,
} = libraryApi;
