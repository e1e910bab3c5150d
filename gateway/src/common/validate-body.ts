import { fieldErrorsOf } from '@promptlib/platform';
import type { z } from 'zod';
import { ApiException } from './api-exception';

/** Shape check at the edge: a 400 naming every failing field, the first one's message as the sentence. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw new ApiException(
    400,
    'VALIDATION_FAILED',
    Object.values(fields)[0] ?? 'Invalid request body.',
    fields,
  );
}
