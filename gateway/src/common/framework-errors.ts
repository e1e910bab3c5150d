import type { ApiError } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus } from './error-status';
import { BODY_TOO_LARGE } from './json-body';

/**
 * Fastify's own client errors (a body past its limit, say) reach the error filter as Nest makes
 * them: an HttpException of Fastify's status and sentence. Where we have a sentence of our own
 * for that status, the client gets ours.
 */
const MESSAGES_BY_STATUS: Record<number, string> = { 413: BODY_TOO_LARGE };

export function frameworkMessage(status: number): string | undefined {
  return MESSAGES_BY_STATUS[status];
}

const BAD_URL: ApiError = {
  statusCode: 400,
  message: 'The address of this request is not valid.',
  error: 'Bad Request',
  code: codeForStatus(400),
};

/**
 * Fastify's `frameworkErrors`: a path it cannot route (one that does not decode), answered in the
 * API's error shape. It comes before any hook and any filter.
 */
export function answerFrameworkError(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(BAD_URL.statusCode).send(BAD_URL);
}
