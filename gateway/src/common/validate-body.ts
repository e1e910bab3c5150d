import { fieldProblemsOf } from '@promptlib/platform';
import { firstProblemMessage } from '@promptlib/proto';
import type { z } from 'zod';
import { ApiException } from './api-exception';

/**
 * Shape check at the edge: a 400 naming every failing field and the rule it broke, the first one's
 * message as the sentence.
 */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return validated(schema, body ?? {}, 'Invalid request body.');
}

/** The same check of a route's query string, as Fastify parsed it (a repeated name is a list). */
export function validateQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return validated(schema, query ?? {}, 'Invalid query.');
}

function validated<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = fieldProblemsOf(result.error, input);
  throw new ApiException(400, 'VALIDATION_FAILED', firstProblemMessage(problems, fallback), problems);
}
