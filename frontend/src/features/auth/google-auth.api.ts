import type { GoogleSignInResponse } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';
import type { GoogleProfile } from './google-oauth';

export type GoogleSignInBody = GoogleProfile & { idToken: string };

/** Loaded with the Google sign-in flow, which only a press of its button (or a return from Google) needs. */
export const googleAuthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The nonce Google must sign into the ID token; the server keeps it for this browser, for one use. */
    googleNonce: build.mutation<{ nonce: string }, void>({
      query: () => ({ url: '/google-auth/nonce', method: 'POST' }),
    }),
    googleSignIn: build.mutation<GoogleSignInResponse, GoogleSignInBody>({
      query: (body) => ({ url: '/google-auth', method: 'POST', body }),
    }),
  }),
});
