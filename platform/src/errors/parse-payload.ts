import { fieldsAndRulesOf, firstProblemMessage, isFieldRule } from '@promptlib/proto';
import type { FieldErrors, FieldProblems, FieldRule } from '@promptlib/proto';
import type { z } from 'zod';
import { serviceError } from './service-error';

/**
 * Each failing field (dotted path, `body` for the whole) with the rule it broke and the first
 * message about it. `input` is what was checked: a field it lacks is `required`, not `invalid`.
 */
export function fieldProblemsOf(error: z.ZodError, input: unknown): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // A name the schema does not know is a field of its own, which may not be sent.
      for (const key of issue.keys) {
        problems[[...issue.path, key].join('.')] ??= { rule: 'notAllowed', message: issue.message };
      }
      continue;
    }
    const field = issue.path.join('.') || 'body';
    problems[field] ??= { rule: ruleOf(issue, input), message: issue.message };
  }
  return problems;
}

/** Each failing field with the first message about it. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return fieldsAndRulesOf(fieldProblemsOf(error, undefined)).fields;
}

/**
 * Checks a request's shape against a schema; a mismatch is VALIDATION_FAILED naming each field and
 * its rule, with the first field's message as the sentence shown to people.
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = fieldProblemsOf(result.error, payload);
  throw serviceError('VALIDATION_FAILED', firstProblemMessage(problems, 'Invalid request'), problems);
}

function ruleOf(issue: z.core.$ZodIssue, input: unknown): FieldRule {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'required' : 'invalid';
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'date'
        ? 'tooSmall'
        : 'tooShort';
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'date'
        ? 'tooLarge'
        : 'tooLong';
    case 'custom': {
      // A refinement names its rule in its params (proto's plainText does).
      const rule: unknown = issue.params?.rule;
      return isFieldRule(rule) ? rule : 'invalid';
    }
    default:
      return 'invalid';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
