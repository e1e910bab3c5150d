import { fieldProblemsOf } from '@promptlib/platform';
import { firstProblemMessage } from '@promptlib/proto';
import type { z } from 'zod';
import { ApiException } from './api-exception';

/**
 * Shape check at the edge: a 400 naming every failing field and the rule it broke, the first one's
 * message as the sentence.
 */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body ?? {};
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = fieldProblemsOf(result.error, input);
  throw new ApiException(
    400,
    'VALIDATION_FAILED',
    firstProblemMessage(problems, 'Invalid request body.'),
    problems,
  );
}
