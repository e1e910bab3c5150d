import { plainText } from '@promptlib/proto';
import { z } from 'zod';

const optionalText = (label: string) => plainText(label).max(2_048).nullish();

/**
 * POST /api/google-auth: SPEC's fields as the browser read them from the token, and the ID token
 * itself. Only the token is trusted; googleId must name the token's own account.
 */
export const googleSignInDto = z.object({
  idToken: plainText('idToken', 'line', z.string({ error: 'idToken is required' }))
    .min(1, 'idToken is required')
    .max(8_192),
  googleId: plainText('googleId').max(255).optional(),
  displayName: optionalText('displayName'),
  email: optionalText('email'),
  photoURL: optionalText('photoURL'),
});

export const googleNonce = z.object({ nonce: z.string() });
export type GoogleNonce = z.output<typeof googleNonce>;
