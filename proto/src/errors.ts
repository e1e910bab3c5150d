import { z } from 'zod';
import {
  errorCodes,
  fieldRules,
  notFoundSubjects,
  rateLimitedActions,
  type ErrorParams,
  type FieldErrors,
  type FieldRules,
} from './error-codes';

// The schemas of the error body, for the OpenAPI document and the tests; the codes and rules
// themselves are in error-codes.ts, which the browser imports.

export const fieldErrors: z.ZodType<FieldErrors> = z.record(z.string(), z.string());

export const fieldRuleMap: z.ZodType<FieldRules> = z.record(z.string(), z.enum(fieldRules));

export const errorParams: z.ZodType<ErrorParams> = z.object({
  plan: z.enum(['free', 'pro']).optional(),
  limit: z.number().int().optional(),
  action: z.enum(rateLimitedActions).optional(),
  retryAfterMinutes: z.number().int().optional(),
  subject: z.enum(notFoundSubjects).optional(),
});

/** The body of every non-2xx /api answer. */
export const apiError = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  code: z.enum(errorCodes).optional(),
  fields: fieldErrors.optional(),
  rules: fieldRuleMap.optional(),
  params: errorParams.optional(),
});
export type ApiError = z.output<typeof apiError>;
