import type { ImportPage, ImportResult, Prompt, WholePromptsPage } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

export const transferApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Pages change the library many times over: the lists are read again once, when the import ends.
    importPage: build.mutation<ImportResult, ImportPage>({
      query: (body) => ({ url: '/prompts/import', method: 'POST', body }),
    }),
  }),
});

export const { useImportPageMutation } = transferApi;

/**
 * Every prompt whole, read a page at a time (never one response of the whole library), with the
 * number read so far after each page. Read straight from the server, never cached.
 */
export async function readWholeLibrary(onProgress: (read: number) => void): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let before: number | null = null;
  do {
    const response = await fetch(`/api/prompts/pages${before === null ? '' : `?before=${before}`}`, {
      credentials: 'include',
    });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const page = (await response.json()) as WholePromptsPage;
    prompts.push(...page.prompts);
    before = page.nextBefore;
    onProgress(prompts.length);
  } while (before !== null);
  return prompts;
}

/** After an import: the library, its categories and the limits are read again. */
export const refreshLibrary = () => baseApi.util.invalidateTags(['Prompts', 'Categories', 'Limits']);
