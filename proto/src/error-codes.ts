// Kept free of zod, so the browser's bundle can carry the codes, rules and their words without a
// schema library: the schemas of the same shapes are in errors.ts.

/**
 * Stable machine codes carried by service errors and HTTP error bodies. Services throw them; the
 * gateway alone decides the HTTP status for each.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'CSRF_REJECTED',
  'FORBIDDEN',
  'PROMPT_LIMIT_REACHED',
  'CATEGORY_LIMIT_REACHED',
  'API_KEY_LIMIT_REACHED',
  'GENERAL_CATEGORY_PROTECTED',
  'NOT_FOUND',
  'USERNAME_TAKEN',
  'CATEGORY_NAME_TAKEN',
  'SUBSCRIPTION_ALREADY_ACTIVE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Whether `value` is one of `list`'s strings, for the closed lists of this module. */
function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return isOneOf(errorCodes, value);
}

/** Field name → the message to show beside that field. */
export type FieldErrors = Record<string, string>;

/**
 * Which rule a failing field broke, so a client can say it in its user's language without reading
 * the English message:
 * - `required`: missing; `invalid`: of the wrong type or not one of the accepted values
 * - `tooShort`, `tooLong`: text (or a list) under or over its length limits
 * - `tooSmall`, `tooLarge`: a number under or over its limits
 * - `controlCharacters`, `malformedText`: text with control characters or broken Unicode
 * - `tooCommon`: a password on the list of the most common ones
 * - `taken`: a username or category name already in use
 * - `duplicate`: the same item twice in a list; `notAllowed`: an item the change may not include
 * - `notFound`: an id that names nothing of the user's
 * - `incorrect`: a current password that is not the user's
 */
export const fieldRules = [
  'required',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'controlCharacters',
  'malformedText',
  'tooCommon',
  'taken',
  'duplicate',
  'notAllowed',
  'notFound',
  'incorrect',
] as const;
export type FieldRule = (typeof fieldRules)[number];

export function isFieldRule(value: unknown): value is FieldRule {
  return isOneOf(fieldRules, value);
}

/** Field name → the rule it broke; names the same fields as `fields`. */
export type FieldRules = Record<string, FieldRule>;

/**
 * The fields people type into the app's forms, with every rule the server may report about each:
 * the services' own rules and the gateway's shape check. A client has a sentence for each pair;
 * for any other field the rule's general sentence does.
 */
export const formFieldRules = {
  username: ['required', 'invalid', 'tooShort', 'tooLong', 'controlCharacters', 'malformedText', 'taken'],
  password: ['required', 'invalid', 'tooShort', 'tooLong', 'controlCharacters', 'malformedText', 'tooCommon'],
  title: ['required', 'invalid', 'tooShort', 'tooLong', 'controlCharacters', 'malformedText'],
  content: ['required', 'invalid', 'tooShort', 'tooLong', 'controlCharacters', 'malformedText'],
  name: ['required', 'invalid', 'tooShort', 'tooLong', 'controlCharacters', 'malformedText', 'taken'],
} as const satisfies Record<string, readonly FieldRule[]>;
export type FormField = keyof typeof formFieldRules;

/** One failing field as a check finds it: the rule it broke and the English sentence about it. */
export type FieldProblem = { rule: FieldRule; message: string };
/** Failing fields by name. */
export type FieldProblems = Record<string, FieldProblem>;

/** `fields` and `rules` of an error body, from the problems a check found. */
export function fieldsAndRulesOf(problems: FieldProblems): { fields: FieldErrors; rules: FieldRules } {
  const fields: FieldErrors = {};
  const rules: FieldRules = {};
  for (const [field, { rule, message }] of Object.entries(problems)) {
    fields[field] = message;
    rules[field] = rule;
  }
  return { fields, rules };
}

/** The sentence a failure with these problems is told with: the first field's. */
export function firstProblemMessage(problems: FieldProblems, fallback: string): string {
  return Object.values(problems)[0]?.message ?? fallback;
}

/** What a NOT_FOUND error says was not found. */
export const notFoundSubjects = [
  'prompt',
  'version',
  'tag',
  'category',
  'user',
  'checkout',
  'subscription',
  'subscriptionToResume',
  'subscriptionToChange',
  'sharedPrompt',
  'share',
  'apiKey',
  'session',
] as const;
export type NotFoundSubject = (typeof notFoundSubjects)[number];

/** What a RATE_LIMITED error says was done too often. */
export const rateLimitedActions = [
  'login',
  'signUp',
  'googleSignIn',
  'write',
  'import',
  'sharedRead',
  'checkout',
  'checkoutRead',
  'webhook',
  'apiKey',
] as const;
export type RateLimitedAction = (typeof rateLimitedActions)[number];

/**
 * The values an error's sentence names, so a client can say the whole sentence in its user's
 * language from the code: `plan` and `limit` on PROMPT_LIMIT_REACHED and CATEGORY_LIMIT_REACHED,
 * `action` and `retryAfterMinutes` on RATE_LIMITED, `subject` on NOT_FOUND.
 */
export type ErrorParams = {
  plan?: 'free' | 'pro';
  limit?: number;
  action?: RateLimitedAction;
  retryAfterMinutes?: number;
  subject?: NotFoundSubject;
};

/**
 * What a service puts in an RpcException: a code, one human sentence, on bad input the failing
 * fields with their messages and their rules, and the values the sentence names.
 */
export type ServiceError = {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
  rules?: FieldRules;
  params?: ErrorParams;
};
