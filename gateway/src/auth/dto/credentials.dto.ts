import { limits, plainText, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const username = plainText('Username', 'line', z.string({ error: 'Username is required' }))
  .trim()
  .min(limits.username.min, validationMessages.usernameMin)
  .max(limits.username.max, validationMessages.usernameMax);

const password = plainText('Password', 'line', z.string({ error: 'Password is required' }))
  .min(limits.password.min, validationMessages.passwordMin)
  .max(limits.password.max, validationMessages.passwordMax);

/** POST /api/login and POST /api/register: anything else in the body (confirmPassword, say) is dropped. */
export const credentialsDto = z.object({ username, password });

export type CredentialsDto = z.output<typeof credentialsDto>;
