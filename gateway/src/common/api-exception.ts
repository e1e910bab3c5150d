import { HttpException } from '@nestjs/common';
import {
  fieldsAndRulesOf,
  notFoundMessages,
  type ApiError,
  type ErrorCode,
  type ErrorParams,
  type FieldProblems,
  type NotFoundSubject,
} from '@promptlib/proto';
import { STATUS_CODES } from 'node:http';

export type ApiExceptionOptions = {
  /** Sent as Retry-After on a 429 or 503. */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the log only. */
  cause?: unknown;
  /** The values the sentence names, for a client to say it in its user's language. */
  params?: ErrorParams;
};

/** An HTTP failure raised by the gateway itself, already in the documented error shape. */
export class ApiException extends HttpException {
  readonly retryAfterSeconds?: number;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    problems?: FieldProblems,
    options: ApiExceptionOptions = {},
  ) {
    const body: ApiError = { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error', code };
    if (problems) Object.assign(body, fieldsAndRulesOf(problems));
    if (options.params) body.params = options.params;
    super(body, status, { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 404 for the subject, with its sentence. */
export function notFoundException(subject: NotFoundSubject): ApiException {
  return new ApiException(404, 'NOT_FOUND', notFoundMessages[subject], undefined, { params: { subject } });
}
