import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { toApiFailure, type ApiFailure } from './api-error';
import { noteLivePosition } from './live-position';

export type Request = string | { url: string; method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown };

/** Same-origin JSON with the session cookie; a body is sent as JSON with its content type, or not at all. */
export const apiBaseQuery: BaseQueryFn<Request, unknown, ApiFailure> = async (request, { signal }) => {
  const { url, method = 'GET', body } = typeof request === 'string' ? { url: request } : request;
  let response: Response;
  try {
    response = await fetch(`/api${url}`, {
      method,
      credentials: 'include',
      signal,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', message: (error as Error).message } };
  }
  noteLivePosition(response);
  const text = await response.text();
  if (!response.ok) return { error: toApiFailure(response.status, response.statusText, text) };
  return { data: text ? (JSON.parse(text) as unknown) : null };
};

/**
 * The one API slice; features add their endpoints with injectEndpoints. Cached data never goes
 * stale on its own and is never refetched on focus: it changes only through the app's own calls.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    'User',
    'Config',
    'Limits',
    'Prompts',
    'PromptVersions',
    'Categories',
    'Shares',
    'Subscription',
    'ApiKeys',
    'Account',
    'Sessions',
  ],
  keepUnusedDataFor: 24 * 3600,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
