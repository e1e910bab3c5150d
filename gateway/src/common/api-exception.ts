import { HttpException } from '@nestjs/common';
import { fieldsAndRulesOf, type ApiError, type ErrorCode, type FieldProblems } from '@promptlib/proto';
import { STATUS_CODES } from 'node:http';

export type ApiExceptionOptions = {
  /** Sent as Retry-After on a 429 or 503. */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the log only. */
  cause?: unknown;
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
    super(body, status, { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
