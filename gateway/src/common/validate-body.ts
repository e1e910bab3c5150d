import type { FieldErrors } from '@promptlib/proto';
import type { z } from 'zod';
import { ApiException } from './api-exception';

/** Shape check at the edge: a 400 naming every failing field, the first one's message as the sentence. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw new ApiException(
    400,
    'VALIDATION_FAILED',
    Object.values(fields)[0] ?? 'Invalid request body.',
    fields,
  );
}
