import { z } from 'zod';

const optionalText = z.string().max(2_048).nullish();

/**
 * POST /api/google-auth: SPEC's fields as the browser read them from the token, and the ID token
 * itself. Only the token is trusted; googleId must name the token's own account.
 */
export const googleSignInDto = z.object({
  idToken: z.string({ error: 'idToken is required' }).min(1, 'idToken is required').max(8_192),
  googleId: z.string().max(255).optional(),
  displayName: optionalText,
  email: optionalText,
  photoURL: optionalText,
});

export const googleNonce = z.object({ nonce: z.string() });
export type GoogleNonce = z.output<typeof googleNonce>;
