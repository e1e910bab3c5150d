import type { AuthUser, User } from '@promptlib/proto';

/** What the session keeps: the user's identity, never a password or a tier (tiers change underneath it). */
export type SessionUser = AuthUser;

export function sessionUserOf(req: { user: SessionUser | null }): SessionUser | undefined {
  return req.user ?? undefined;
}

export function toApiUser(user: SessionUser, isPro: boolean): User {
  const apiUser: User = { id: user.id, username: user.username, isPro };
  if (user.photoURL) apiUser.photoURL = user.photoURL;
  return apiUser;
}
