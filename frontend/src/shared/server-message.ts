import {
  errorCodes,
  notFoundSubjects,
  rateLimitedActions,
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

/** The translation key of each error code. */
export const codeKeys: Record<ErrorCode, string> = {
  ...(Object.fromEntries(errorCodes.map((code) => [code, `serverErrors.${code}`])) as Record<
    ErrorCode,
    string
  >),
  USERNAME_TAKEN: 'validation.usernameTaken',
  CATEGORY_NAME_TAKEN: 'validation.categoryNameTaken',
};

/**
 * The variants of a code's sentence, chosen by its params (i18next's context): the plan whose limit
 * was reached, the action done too often, what was not found. The coverage test asks for each.
 */
export const codeContexts: Partial<Record<ErrorCode, readonly string[]>> = {
  PROMPT_LIMIT_REACHED: ['free', 'pro'],
  CATEGORY_LIMIT_REACHED: ['free', 'pro'],
  RATE_LIMITED: rateLimitedActions,
  NOT_FOUND: notFoundSubjects,
};

function contextOf(code: ErrorCode, params: ErrorParams): string | undefined {
  switch (code) {
    case 'PROMPT_LIMIT_REACHED':
    case 'CATEGORY_LIMIT_REACHED':
      return params.plan;
    case 'RATE_LIMITED':
      return params.action;
    case 'NOT_FOUND':
      return params.subject;
    default:
      return undefined;
  }
}

/** The translation key of each rule a form field can break, with every rule proto lists for it. */
export const formFieldRuleKeys: { [F in FormField]: Record<(typeof formFieldRules)[F][number], string> } = {
  username: {
    required: 'validation.usernameRequired',
    invalid: 'validation.usernameRequired',
    tooShort: 'validation.usernameMin',
    tooLong: 'validation.usernameMax',
    controlCharacters: 'validation.controlCharacters',
    malformedText: 'validation.malformedText',
    taken: 'validation.usernameTaken',
  },
  password: {
    required: 'validation.passwordRequired',
    invalid: 'validation.passwordRequired',
    tooShort: 'validation.passwordMin',
    tooLong: 'validation.passwordMax',
    controlCharacters: 'validation.controlCharacters',
    malformedText: 'validation.malformedText',
    tooCommon: 'validation.commonPassword',
  },
  title: {
    required: 'validation.titleMin',
    invalid: 'validation.titleMin',
    tooShort: 'validation.titleMin',
    tooLong: 'validation.titleMax',
    controlCharacters: 'validation.controlCharacters',
    malformedText: 'validation.malformedText',
  },
  content: {
    required: 'validation.contentMin',
    invalid: 'validation.contentMin',
    tooShort: 'validation.contentMin',
    tooLong: 'validation.contentMax',
    controlCharacters: 'validation.controlCharacters',
    malformedText: 'validation.malformedText',
  },
  name: {
    required: 'validation.categoryNameMin',
    invalid: 'validation.categoryNameMin',
    tooShort: 'validation.categoryNameMin',
    tooLong: 'validation.categoryNameMax',
    controlCharacters: 'validation.controlCharacters',
    malformedText: 'validation.malformedText',
    taken: 'validation.categoryNameTaken',
  },
};

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
export function fieldRuleText(t: TFunction, field: string, rule: FieldRule): string {
  if (isFormField(field)) {
    const keys: Partial<Record<FieldRule, string>> = formFieldRuleKeys[field];
    const key = keys[rule];
    if (key) return t(key, { ...fieldLimits[field], field: t(fieldLabelKeys[field]) });
  }
  return t(ruleKey(rule));
}

/**
 * Each failing field of a 400 (or a conflict naming a field) in the user's language, by its rule;
 * a rule this app does not know yet keeps the server's message for the field.
 */
export function serverFieldErrors(failure: unknown, t: TFunction): Record<string, string> {
  const { rules, fields } = (failure ?? {}) as Partial<ApiFailure>;
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules ?? {})) {
    if (isFieldRule(rule)) errors[field] = fieldRuleText(t, field, rule);
    else if (fields?.[field]) errors[field] = fields[field];
  }
  return errors;
}

/** The failing fields of a form among those the server named, for the form to show beside them. */
export function formFieldErrors<F extends string>(
  failure: unknown,
  t: TFunction,
  formFields: readonly F[],
): Partial<Record<F, string>> {
  const errors = serverFieldErrors(failure, t);
  return Object.fromEntries(
    formFields.filter((field) => errors[field] !== undefined).map((field) => [field, errors[field]]),
  ) as Partial<Record<F, string>>;
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
  const { retryAfterMinutes, ...values } = params;
  return t(codeKeys[code], {
    ...values,
    context: contextOf(code, params),
    ...(retryAfterMinutes === undefined ? {} : { count: retryAfterMinutes }),
  });
}
