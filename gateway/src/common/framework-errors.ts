import { MAX_BODY_BYTES, type ApiError } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { codeForStatus } from './error-status';

/** An error Fastify raises itself, before any of our code runs (body reading, routing). */
export type FastifyFrameworkError = Error & { code: string; statusCode: number };

const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than ${MAX_BODY_BYTES / 1024} kB.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body could not be read.',
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
};

export function isFrameworkError(error: unknown): error is FastifyFrameworkError {
  if (!(error instanceof Error)) return false;
  const candidate = error as Partial<FastifyFrameworkError>;
  return (
    typeof candidate.code === 'string' &&
    candidate.code.startsWith('FST_') &&
    typeof candidate.statusCode === 'number'
  );
}

/** A client error of Fastify's in the API's error shape; anything else of its own is ours, a 500. */
export function apiErrorOfFramework(error: FastifyFrameworkError): ApiError | undefined {
  const status = error.statusCode;
  if (status < 400 || status >= 500) return undefined;
  return {
    statusCode: status,
    message: MESSAGES[error.code] ?? STATUS_CODES[status] ?? 'Bad Request',
    error: STATUS_CODES[status] ?? 'Error',
    code: codeForStatus(status),
  };
}

/** Fastify's `frameworkErrors`: what it cannot route, answered in the API's error shape. */
export function answerFrameworkError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const body = (isFrameworkError(error) && apiErrorOfFramework(error)) || {
    statusCode: 400,
    message: MESSAGES.FST_ERR_BAD_URL,
    error: 'Bad Request',
    code: codeForStatus(400),
  };
  void reply.code(body.statusCode).send(body);
}
