import { limits, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(limits.username.min, validationMessages.usernameMin)
  .max(limits.username.max, validationMessages.usernameMax);

const password = z
  .string({ error: 'Password is required' })
  .min(limits.password.min, validationMessages.passwordMin)
  .max(limits.password.max, validationMessages.passwordMax);

/** POST /api/login and POST /api/register: anything else in the body (confirmPassword, say) is dropped. */
export const credentialsDto = z.object({ username, password });

export type CredentialsDto = z.output<typeof credentialsDto>;
