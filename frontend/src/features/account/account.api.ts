import type { AccountDetails, EndedSessions, SessionSummary } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

export type PasswordChange = { currentPassword: string; newPassword: string };
export type AccountDeletion = { confirmUsername: string; password?: string };

const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The user's name, how they sign in and since when. */
    getAccount: build.query<AccountDetails, void>({
      query: () => '/user/account',
      providesTags: ['Account'],
    }),
    /** Every other session ends on success; this one goes on under a new cookie. */
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: '/user/password', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Sessions']),
    }),
    /** Everything of the account goes, in every service; this session ends with it. */
    deleteAccount: build.mutation<void, AccountDeletion>({
      query: (body) => ({ url: '/user', method: 'DELETE', body }),
    }),
    /** Where the user is signed in, this device first. */
    listSessions: build.query<SessionSummary[], void>({
      query: () => '/user/sessions',
      providesTags: ['Sessions'],
    }),
    /** A session already ended elsewhere (404) leaves the list too. */
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `/user/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<EndedSessions, void>({
      query: () => ({ url: '/user/sessions/end-others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useGetAccountQuery,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useListSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = accountApi;
