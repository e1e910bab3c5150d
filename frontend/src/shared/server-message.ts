import {
  formFieldRules,
  isErrorCode,
  isFieldRule,
  limits,
  type ErrorCode,
  type ErrorParams,
  type FieldRule,
  type FormField,
} from '@promptlib/proto';
import type { TFunction } from 'i18next';
import type { ApiFailure } from '../api/api-error';

// The one place that turns an error's code, and a failing field's rule, into the user's language.
// The server's English sentences are never read for it.

// The two codes a form field's own sentence says best; every other code has one of its own.
const fieldSentences: Partial<Record<ErrorCode, string>> = {
  USERNAME_TAKEN: 'validation.usernameTaken',
  CATEGORY_NAME_TAKEN: 'validation.categoryNameTaken',
};

/** The translation key of an error code. */
export function codeKey(code: ErrorCode): string {
  return fieldSentences[code] ?? `serverErrors.${code}`;
}

/**
 * The variant of a code's sentence its params choose (i18next's context): the plan whose limit was
 * reached, or what was not found. A rate limit's sentence names the action instead (`what`).
 */
function contextOf(code: ErrorCode, params: ErrorParams): string | undefined {
  if (code === 'PROMPT_LIMIT_REACHED' || code === 'CATEGORY_LIMIT_REACHED') return params.plan;
  return code === 'NOT_FOUND' ? params.subject : undefined;
}

// The stem of each form field's own sentences: validation.<stem>Min, …Max, …Required, …Taken.
const fieldStems: Record<FormField, string> = {
  username: 'username',
  password: 'password',
  title: 'title',
  content: 'content',
  name: 'categoryName',
};

/**
 * The key of a form field's own sentence for a rule proto lists for it (the coverage test asks for
 * each pair); undefined for a rule the field has no sentence of its own for.
 */
export function formFieldRuleKey(field: FormField, rule: FieldRule): string | undefined {
  const stem = fieldStems[field];
  switch (rule) {
    case 'required':
    case 'invalid':
      // A prompt or category left empty is as short as can be.
      return field === 'username' || field === 'password'
        ? `validation.${stem}Required`
        : `validation.${stem}Min`;
    case 'tooShort':
      return `validation.${stem}Min`;
    case 'tooLong':
      return `validation.${stem}Max`;
    case 'taken':
      return `validation.${stem}Taken`;
    case 'tooCommon':
      return 'validation.commonPassword';
    case 'controlCharacters':
    case 'malformedText':
      return `validation.${rule}`;
    default:
      return undefined;
  }
}

/** What a rule says of any field without a sentence of its own. */
export function ruleKey(rule: FieldRule): string {
  return `fieldRules.${rule}`;
}

// The numbers the messages name, and the field's label for the messages that name the field.
const fieldLimits: Record<FormField, { min: number; max: number }> = {
  username: limits.username,
  password: limits.password,
  title: limits.promptTitle,
  content: limits.promptContent,
  name: limits.categoryName,
};
const fieldLabelKeys: Record<FormField, string> = {
  username: 'auth.fields.username',
  password: 'auth.fields.password',
  title: 'library.prompt.title',
  content: 'library.prompt.content',
  name: 'library.categories.nameLabel',
};

function isFormField(field: string): field is FormField {
  return Object.hasOwn(formFieldRules, field);
}

/** A field's failure in the user's language: its own sentence for the rule, else the rule's. */
export function fieldRuleText(t: TFunction, field: string, rule: FieldRule, serverText?: string): string {
  const key = isFormField(field) ? formFieldRuleKey(field, rule) : undefined;
  if (key)
    return t(key, { ...fieldLimits[field as FormField], field: t(fieldLabelKeys[field as FormField]) });
  // The rules' general sentences come with the signed-in screens' translations; before those have
  // loaded, the server's own sentence for the field is said instead.
  return t(ruleKey(rule), { defaultValue: serverText ?? rule });
}

/**
 * Each failing field of a 400 (or a conflict naming a field) in the user's language, by its rule;
 * a rule this app does not know yet keeps the server's message for the field.
 */
export function serverFieldErrors(failure: unknown, t: TFunction): Record<string, string> {
  const { rules, fields } = (failure ?? {}) as Partial<ApiFailure>;
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules ?? {})) {
    if (isFieldRule(rule)) errors[field] = fieldRuleText(t, field, rule, fields?.[field]);
    else if (fields?.[field]) errors[field] = fields[field];
  }
  return errors;
}

/**
 * The sentence for a failure in the user's language, from its code: bad input is told by its first
 * failing field. A code this app does not know yet is shown as the server wrote it, and with no
 * sentence at all the caller's fallback is used.
 */
export function serverMessage(failure: unknown, t: TFunction, fallback: string): string {
  const { serverMessage: sentence, code, params = {} } = (failure ?? {}) as Partial<ApiFailure>;
  if (!isErrorCode(code)) return sentence ?? fallback;
  if (code === 'VALIDATION_FAILED') {
    const first = Object.values(serverFieldErrors(failure, t))[0];
    if (first) return first;
  }
  const { retryAfterMinutes, action, ...values } = params;
  return t(codeKey(code), {
    ...values,
    context: contextOf(code, params),
    ...(action === undefined ? {} : { what: t(`rateLimitedActions.${action}`) }),
    ...(retryAfterMinutes === undefined ? {} : { count: retryAfterMinutes }),
    // The sentences of errors only signed-in screens meet come with those screens' translations;
    // where they have not loaded, the server's sentence (or the caller's fallback) is said instead.
    defaultValue: sentence ?? fallback,
  });
}
