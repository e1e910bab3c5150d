import type { ApiKeySummary, CreateApiKeyBody, CreatedApiKey } from '@promptlib/proto';
import type { ApiFailure } from '../../api/api-error';
import { baseApi } from '../../api/base-api';

/** The code of a failed call as queryFulfilled rejects with it. */
function failureCode(rejection: unknown): ApiFailure['code'] {
  return (rejection as { error?: Partial<ApiFailure> }).error?.code;
}

const apiKeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The user's keys, newest first: never a key itself, only its start. */
    listApiKeys: build.query<ApiKeySummary[], void>({ query: () => '/api-keys', providesTags: ['ApiKeys'] }),
    /**
     * The one answer that holds the whole key. Only its summary goes into the list's cache, so the
     * secret lives no longer than the screen that shows it.
     */
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      query: (body) => ({ url: '/api-keys', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        let created: CreatedApiKey;
        try {
          ({ data: created } = await queryFulfilled);
        } catch (rejection) {
          // Keys made elsewhere meanwhile: the list shows them, and the limit, once read again.
          if (failureCode(rejection) === 'API_KEY_LIMIT_REACHED')
            dispatch(apiKeysApi.util.invalidateTags(['ApiKeys']));
          return;
        }
        const { key: _secret, ...summary } = created;
        dispatch(
          apiKeysApi.util.updateQueryData('listApiKeys', undefined, (keys) => {
            if (!keys.some((listed) => listed.id === summary.id)) keys.unshift(summary);
          }),
        );
        dispatch(apiKeysApi.util.invalidateTags(['ApiKeys']));
      },
    }),
    /**
     * The key stops working at once; it leaves the list before the list is read again. A key the
     * server no longer knows (revoked in another tab) leaves it too.
     */
    revokeApiKey: build.mutation<void, number>({
      query: (id) => ({ url: `/api-keys/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const gone = await queryFulfilled.then(
          () => true,
          (rejection: unknown) => failureCode(rejection) === 'NOT_FOUND',
        );
        if (!gone) return;
        dispatch(
          apiKeysApi.util.updateQueryData('listApiKeys', undefined, (keys) =>
            keys.filter((listed) => listed.id !== id),
          ),
        );
        dispatch(apiKeysApi.util.invalidateTags(['ApiKeys']));
      },
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
