import { limits, textProblem, type TextKind } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { mixed, object, string, type StringSchema } from 'yup';

/**
 * The server's rule for text (well-formed, no control characters; content keeps line breaks and
 * tabs), checked first so a pasted stray character is named before anything is sent.
 */
function plainText(schema: StringSchema, t: TFunction, field: string, kind: TextKind = 'line') {
  return schema.test('plain-text', (value, context) => {
    const problem = textProblem(value ?? '', kind);
    if (problem === null) return true;
    const message = problem === 'control' ? 'library.text.controlCharacters' : 'library.text.malformedText';
    return context.createError({ message: t(message, { field }) });
  });
}

/** The prompt rules, with the limits from proto and messages in the user's language. */
export function promptSchema(t: TFunction) {
  return object({
    title: plainText(string(), t, t('library.prompt.title'))
      .trim()
      .required(t('validation.titleMin'))
      .min(limits.promptTitle.min, t('validation.titleMin'))
      .max(limits.promptTitle.max, t('validation.titleMax')),
    content: plainText(string(), t, t('library.prompt.content'), 'multiline')
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
    name: plainText(string(), t, t('library.categories.nameLabel'))
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
