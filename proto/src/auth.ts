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

/** A new password for the user, given their current one (the gateway's POST /api/user/password). */
export const changePasswordRequest = z.object({
  userId: entityId,
  currentPassword: password,
  newPassword: password,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/**
 * Deletes the account, confirmed by the user's name as they spell it and, for an account with a
 * password, the password (the gateway's DELETE /api/user).
 */
export const deleteAccountRequest = z.object({
  userId: entityId,
  confirmUsername: username,
  password: password.optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** The API keys that went with the account (id and hash), which the gateway forgets at once. */
export const deletedAccount = z.object({
  apiKeys: z.array(z.object({ id: z.number().int().positive(), hash: z.string() })),
});
export type DeletedAccount = z.output<typeof deletedAccount>;

/** What the Account page shows of the user beside their plan: their name and how they sign in. */
export const accountDetails = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  /** Whether the user has a password (a Google user may have none). */
  signsInWithPassword: z.boolean(),
  signsInWithGoogle: z.boolean(),
  createdAt: z.string(),
});
export type AccountDetails = z.output<typeof accountDetails>;

/**
 * One place the user is signed in, as GET /api/user/sessions lists it: the browser and system as
 * its User-Agent named them at sign-in (null when it named none we know), and its times.
 */
export const sessionSummary = z.object({
  /** What DELETE /api/user/sessions/{id} takes; not the session's secret id. */
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  signedInAt: z.string().nullable(),
  lastActiveAt: z.string(),
  /** The session the request was made with. */
  current: z.boolean(),
});
export type SessionSummary = z.output<typeof sessionSummary>;

/** POST /api/user/sessions/end-others: how many sessions were ended. */
export const endedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.output<typeof endedSessions>;

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
