import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { object, ref, string } from 'yup';
import { fieldRuleText } from '../../shared/server-message';

/** The sign-up and sign-in rules, with their limits from proto and messages in the user's language. */
export function loginSchema(t: TFunction) {
  return object({
    username: string()
      .trim()
      .required(fieldRuleText(t, 'username', 'required'))
      .min(limits.username.min, fieldRuleText(t, 'username', 'tooShort'))
      .max(limits.username.max, fieldRuleText(t, 'username', 'tooLong')),
    password: string()
      .required(fieldRuleText(t, 'password', 'required'))
      .min(limits.password.min, fieldRuleText(t, 'password', 'tooShort'))
      .max(limits.password.max, fieldRuleText(t, 'password', 'tooLong')),
  });
}

export function registerSchema(t: TFunction) {
  return loginSchema(t).shape({
    confirmPassword: string()
      .required(t('validation.passwordsDontMatch'))
      .oneOf([ref('password')], t('validation.passwordsDontMatch')),
  });
}
