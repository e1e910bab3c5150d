import { z } from 'zod';
import { category } from './library';

/** The signed-in user as the API returns it. `isPro` comes from the library's tier projection. */
export const user = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  isPro: z.boolean(),
  photoURL: z.string().optional(),
});
export type User = z.output<typeof user>;

/** GET /api/user, POST /api/login and POST /api/google-auth for a returning user. */
export const userResponse = z.object({ user });
export type UserResponse = z.output<typeof userResponse>;

/** POST /api/register and a new Google user. */
export const registeredUserResponse = z.object({ user, initialCategory: category.nullable() });
export type RegisteredUserResponse = z.output<typeof registeredUserResponse>;

/** POST /api/google-auth: a returning user alone; a new one with their General category. */
export const googleSignInResponse = z.union([registeredUserResponse, userResponse]);
export type GoogleSignInResponse = z.output<typeof googleSignInResponse>;
