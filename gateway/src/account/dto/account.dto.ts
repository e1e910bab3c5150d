import { limits, plainText, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const required = (label: string) => z.string({ error: `${label} is required` });

/** POST /api/user/password: the new password's shape as sign-up checks it; the auth service checks the rest. */
export const changePasswordDto = z.object({
  currentPassword: plainText('Current password', 'line', required('Current password'))
    .min(1, 'Current password is required')
    .max(limits.password.max, validationMessages.passwordMax),
  newPassword: plainText('New password', 'line', required('New password'))
    .min(limits.password.min, validationMessages.passwordMin)
    .max(limits.password.max, validationMessages.passwordMax),
});

export type ChangePasswordDto = z.output<typeof changePasswordDto>;

/** DELETE /api/user: the name typed to confirm, and the password of an account that has one. */
export const deleteAccountDto = z.object({
  confirmUsername: plainText('Username', 'line', required('Username'))
    .min(1, 'Username is required')
    .max(limits.username.max * 4),
  password: plainText('Password', 'line', z.string()).max(limits.password.max).optional(),
});
