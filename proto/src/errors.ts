import { z } from 'zod';

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

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/** Field name → the message to show beside that field. */
export const fieldErrors = z.record(z.string(), z.string());
export type FieldErrors = z.output<typeof fieldErrors>;

/** What a service puts in an RpcException: a code, one human sentence, and failing fields on bad input. */
export type ServiceError = {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
};

/** The body of every non-2xx /api answer. */
export const apiError = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  code: z.enum(errorCodes).optional(),
  fields: fieldErrors.optional(),
});
export type ApiError = z.output<typeof apiError>;
