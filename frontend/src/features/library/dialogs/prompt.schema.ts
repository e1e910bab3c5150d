import { limits, textProblem, textProblemRules, type FormField, type TextKind } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { mixed, object, string, type StringSchema } from 'yup';
import { fieldRuleText } from '../../../shared/server-message';

/**
 * The server's rule for text (well-formed, no control characters; content keeps line breaks and
 * tabs), checked first so a pasted stray character is named before anything is sent.
 */
function plainText(schema: StringSchema, t: TFunction, field: FormField, kind: TextKind = 'line') {
  return schema.test('plain-text', (value, context) => {
    const problem = textProblem(value ?? '', kind);
    if (problem === null) return true;
    return context.createError({ message: fieldRuleText(t, field, textProblemRules[problem]) });
  });
}

/** The prompt rules, with the limits from proto and messages in the user's language. */
export function promptSchema(t: TFunction) {
  return object({
    title: plainText(string(), t, 'title')
      .trim()
      .required(fieldRuleText(t, 'title', 'required'))
      .min(limits.promptTitle.min, fieldRuleText(t, 'title', 'tooShort'))
      .max(limits.promptTitle.max, fieldRuleText(t, 'title', 'tooLong')),
    content: plainText(string(), t, 'content', 'multiline')
      .required(fieldRuleText(t, 'content', 'required'))
      .test(
        'min',
        fieldRuleText(t, 'content', 'tooShort'),
        (value) => (value ?? '').trim().length >= limits.promptContent.min,
      )
      .max(limits.promptContent.max, fieldRuleText(t, 'content', 'tooLong')),
    categoryId: mixed<number | string>().required(),
  });
}

export function categorySchema(t: TFunction, existingNames: string[]) {
  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  return object({
    name: plainText(string(), t, 'name')
      .trim()
      .required(fieldRuleText(t, 'name', 'required'))
      .min(limits.categoryName.min, fieldRuleText(t, 'name', 'tooShort'))
      .max(limits.categoryName.max, fieldRuleText(t, 'name', 'tooLong'))
      .test(
        'unique',
        fieldRuleText(t, 'name', 'taken'),
        (value) => !taken.has((value ?? '').trim().toLowerCase()),
      ),
  });
}
