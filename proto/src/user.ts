/** The signed-in user as the API returns it. `isPro` comes from the library's tier projection. */
export type User = {
  id: number;
  username: string;
  isPro: boolean;
  photoURL?: string;
};

export type Category = { id: number; name: string; position: number };

/** GET /api/user, POST /api/login and POST /api/google-auth for a returning user. */
export type UserResponse = { user: User };

/** POST /api/register and a new Google user. */
export type RegisteredUserResponse = { user: User; initialCategory: Category | null };
