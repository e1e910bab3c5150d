import type { FieldErrors } from '@promptlib/proto';
import type { z } from 'zod';
import { serviceError } from './service-error';

/** Each failing field (dotted path, `body` for the whole) with the first message about it. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * Checks a request's shape against a schema; a mismatch is VALIDATION_FAILED naming each field,
 * with the first field's message as the sentence shown to people.
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw serviceError('VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid request', fields);
}
