import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { object, ref, string } from 'yup';

/** The sign-up and sign-in rules, with their limits from proto and messages in the user's language. */
export function loginSchema(t: TFunction) {
  return object({
    username: string()
      .trim()
      .required(t('validation.usernameRequired'))
      .min(limits.username.min, t('validation.usernameMin'))
      .max(limits.username.max, t('validation.usernameMax')),
    password: string()
      .required(t('validation.passwordRequired'))
      .min(limits.password.min, t('validation.passwordMin'))
      .max(limits.password.max, t('validation.passwordMax')),
  });
}

export function registerSchema(t: TFunction) {
  return loginSchema(t).shape({
    confirmPassword: string()
      .required(t('validation.passwordsDontMatch'))
      .oneOf([ref('password')], t('validation.passwordsDontMatch')),
  });
}
