import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

/**
 * The form's own checks, said in the user's language before anything is sent: the new password
 * under sign-up's length rules (the server adds the common-password rule), typed twice alike, and
 * different from the current one.
 */
export function passwordChangeErrors(values: PasswordChangeValues, t: TFunction): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (values.currentPassword === '') errors.currentPassword = t('account.password.currentRequired');
  const { newPassword } = values;
  if (newPassword === '') errors.newPassword = t('validation.passwordRequired');
  else if (newPassword.length < limits.password.min)
    errors.newPassword = t('validation.passwordMin', limits.password);
  else if (newPassword.length > limits.password.max)
    errors.newPassword = t('validation.passwordMax', limits.password);
  else if (newPassword === values.currentPassword) errors.newPassword = t('account.password.sameAsCurrent');
  if (values.confirmPassword !== newPassword) errors.confirmPassword = t('validation.passwordsDontMatch');
  return errors;
}
