import type { SharedPrompt } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

const sharingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedPrompt: build.query<SharedPrompt, string>({
      query: (shareId) => `/shared/${encodeURIComponent(shareId)}`,
    }),
  }),
});

export const { useGetSharedPromptQuery } = sharingApi;
