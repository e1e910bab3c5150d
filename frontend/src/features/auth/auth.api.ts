import type { RegisteredUserResponse, User, UserResponse } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

export type Credentials = { username: string; password: string };

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null: a 401 here is the normal "nobody is signed in" state. */
    getCurrentUser: build.query<User | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/user');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: (result.data as UserResponse).user };
      },
      providesTags: ['User'],
    }),
    login: build.mutation<UserResponse, Credentials>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
        } catch {
          // A failed login changes nothing here; the form shows the error.
        }
      },
    }),
    register: build.mutation<RegisteredUserResponse, Credentials>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
