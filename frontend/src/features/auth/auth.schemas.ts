import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { object, ref, string } from 'yup';

// The keys are the ones the server's field rules are said with (shared/server-message.ts), named
// here rather than looked up so the sign-in screen's first visit does not carry the error words.

/** The sign-up and sign-in rules, with their limits from proto and messages in the user's language. */
export function loginSchema(t: TFunction) {
  return object({
    username: string()
      .trim()
      .required(t('validation.usernameRequired'))
      .min(limits.username.min, t('validation.usernameMin', limits.username))
      .max(limits.username.max, t('validation.usernameMax', limits.username)),
    password: string()
      .required(t('validation.passwordRequired'))
      .min(limits.password.min, t('validation.passwordMin', limits.password))
      .max(limits.password.max, t('validation.passwordMax', limits.password)),
  });
}

export function registerSchema(t: TFunction) {
  return loginSchema(t).shape({
    confirmPassword: string()
      .required(t('validation.passwordsDontMatch'))
      .oneOf([ref('password')], t('validation.passwordsDontMatch')),
  });
}
