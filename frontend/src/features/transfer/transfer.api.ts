import type { GetJson, ImportPage, ImportResult } from '@promptlib/proto';
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

/** An export's reads: straight from the server, never cached, so the file holds what is stored. */
export const getJson: GetJson = async <T>(path: string) => {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as T;
};

/** After an import: the library, its categories and the limits are read again. */
export const refreshLibrary = () => baseApi.util.invalidateTags(['Prompts', 'Categories', 'Limits']);
