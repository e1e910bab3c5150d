/** Requests the auth service answers, and the user it returns. */
export type AuthUser = { id: number; username: string; photoURL?: string };

export type RegisterRequest = { username: string; password: string };

export type VerifyPasswordRequest = { username: string; password: string };

export type GetUserRequest = { userId: number };

export const authMessages = {
  usernameTaken: 'This username is already taken',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  invalidCredentials: 'Invalid username or password',
  usernameControlCharacters: 'Username must not contain control characters',
  userNotFound: 'User not found',
} as const;
