import type { Done, SharedLink, SharedPrompt, ShareLink } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

export const sharingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedPrompt: build.query<SharedPrompt, string>({
      query: (shareId) => `/shared/${encodeURIComponent(shareId)}`,
    }),

    /** The signed-in user's live links, with how often each was viewed. */
    listShares: build.query<SharedLink[], void>({ query: () => '/shares', providesTags: ['Shares'] }),
    /** The prompt's public link: the same one while it lives, so opening the share dialog twice is harmless. */
    createShare: build.mutation<ShareLink, number>({
      query: (promptId) => ({ url: `/prompts/${promptId}/share`, method: 'POST' }),
      invalidatesTags: (_link, error) => (error ? [] : ['Shares']),
    }),
    /** The link stops working at once; the marker goes with it before the list is read again. */
    revokeShare: build.mutation<Done, number>({
      query: (promptId) => ({ url: `/prompts/${promptId}/share`, method: 'DELETE' }),
      async onQueryStarted(promptId, { dispatch, queryFulfilled }) {
        const revoked = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!revoked) return;
        dispatch(
          sharingApi.util.updateQueryData('listShares', undefined, (links) =>
            links.filter((link) => link.promptId !== promptId),
          ),
        );
        dispatch(sharingApi.util.invalidateTags(['Shares']));
      },
    }),
  }),
});

export const { useGetSharedPromptQuery, useListSharesQuery, useCreateShareMutation, useRevokeShareMutation } =
  sharingApi;
