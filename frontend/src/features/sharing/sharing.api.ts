import { baseApi } from '../../api/base-api';

export type SharedPrompt = { title: string; content: string };

const sharingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedPrompt: build.query<SharedPrompt, string>({
      query: (shareId) => `/shared/${encodeURIComponent(shareId)}`,
    }),
  }),
});

export const { useGetSharedPromptQuery } = sharingApi;
