import type { ClientConfig } from '@promptlib/proto';
import { baseApi } from './base-api';

const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({ query: () => '/config', providesTags: ['Config'] }),
  }),
});

export const { useGetClientConfigQuery } = configApi;
