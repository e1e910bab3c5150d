import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { mixed, object, string } from 'yup';

/** The prompt rules, with the limits from proto and messages in the user's language. */
export function promptSchema(t: TFunction) {
  return object({
    title: string()
      .trim()
      .required(t('validation.titleMin'))
      .min(limits.promptTitle.min, t('validation.titleMin'))
      .max(limits.promptTitle.max, t('validation.titleMax')),
    content: string()
      .required(t('validation.contentMin'))
      .test(
        'min',
        t('validation.contentMin'),
        (value) => (value ?? '').trim().length >= limits.promptContent.min,
      )
      .max(limits.promptContent.max, t('validation.contentMax')),
    categoryId: mixed<number | string>().required(),
  });
}

export function categorySchema(t: TFunction, existingNames: string[]) {
  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  return object({
    name: string()
      .trim()
      .required(t('validation.categoryNameMin'))
      .min(limits.categoryName.min, t('validation.categoryNameMin'))
      .max(limits.categoryName.max, t('validation.categoryNameMax'))
      .test(
        'unique',
        t('validation.categoryNameTaken'),
        (value) => !taken.has((value ?? '').trim().toLowerCase()),
      ),
  });
}
