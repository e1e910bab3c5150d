import { z } from 'zod';
import { limits } from './limits';
import { entityId, plainText } from './text';

// Shape only, with room above the limits: the rules and their messages live in the auth service.
const username = plainText('Username').max(limits.username.max * 4);
const password = plainText('Password').max(limits.password.max * 4);

/** A user as the auth service knows them. */
export const authUser = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  photoURL: z.string().optional(),
});
export type AuthUser = z.output<typeof authUser>;

export const registerRequest = z.object({ username, password });
export type RegisterRequest = z.input<typeof registerRequest>;

export const verifyPasswordRequest = z.object({ username, password });
export type VerifyPasswordRequest = z.input<typeof verifyPasswordRequest>;

export const getUserRequest = z.object({ userId: entityId });
export type GetUserRequest = z.input<typeof getUserRequest>;

/** Identity comes from the verified ID token alone, never from fields the browser sends beside it. */
export const googleSignInRequest = z.object({
  idToken: plainText('idToken').min(1).max(8_192),
  /** The nonce the gateway issued into this visitor's session: the token must carry it. */
  nonce: plainText('nonce').min(1).max(256),
  /** The account id the browser says it signed in as; refused unless it is the token's subject. */
  claimedSubject: plainText('claimedSubject').max(255).optional(),
});
export type GoogleSignInRequest = z.input<typeof googleSignInRequest>;

export const googleSignInReply = z.object({ user: authUser, created: z.boolean() });
export type GoogleSignInReply = z.output<typeof googleSignInReply>;

/**
 * The one form of a username that accounts are told apart by, and that the sign-in limits count
 * under: surrounding spaces dropped, compatibility forms folded (a full-width "ａ" is "a"), lower
 * case. Computed here alone, so the gateway and the auth service can never disagree about it.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}
