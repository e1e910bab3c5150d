import { ArgumentsHost, Catch, HttpException, Inject, type ExceptionFilter } from '@nestjs/common';
import { ServiceCallError, infrastructureFailureOf } from '@promptlib/platform';
import { commonMessages, isErrorCode, type ApiError } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '@promptlib/platform';
import { ApiException } from './api-exception';
import { codeForStatus, statusByCode } from './error-status';
import { frameworkMessage } from './framework-errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * Every failure leaves the gateway as `{ statusCode, message, error, code?, fields?, rules? }`: service
 * errors by their code, HTTP errors by their status, Redis out of reach as a 503, anything else as
 * a 500 whose details (stack, internal names) go to the log and never to the client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = toApiError(exception);

    const context = {
      requestId: request.id,
      userId: request.user?.id,
      method: request.method,
      path: request.url,
      status: body.statusCode,
    };
    if (body.statusCode === 500) {
      this.logger.error(
        { ...context, err: exception, detail: (exception as ServiceCallError).detail },
        body.message,
      );
    } else if (body.statusCode >= 500) {
      this.logger.warn({ ...context, err: exception, code: body.code }, body.message);
    } else {
      this.logger.debug({ ...context, code: body.code }, body.message);
    }

    if (reply.raw.headersSent) {
      // A streamed answer already started: cut the connection so the client sees a failure, not a truncated 200.
      reply.raw.destroy();
      return;
    }
    if (exception instanceof ApiException && exception.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(exception.retryAfterSeconds));
    }
    void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ServiceCallError) {
    const status = statusByCode[exception.error.code];
    const body: ApiError = {
      statusCode: status,
      message:
        status >= 500 && exception.error.code === 'INTERNAL' ? INTERNAL_MESSAGE : exception.error.message,
      error: STATUS_CODES[status] ?? 'Error',
      code: exception.error.code,
    };
    if (exception.error.fields) body.fields = exception.error.fields;
    if (exception.error.rules) body.rules = exception.error.rules;
    if (exception.error.params) body.params = exception.error.params;
    return body;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const raw = exception.getResponse();
    const details = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const message = Array.isArray(details.message)
      ? details.message.join('; ')
      : typeof details.message === 'string'
        ? details.message
        : typeof raw === 'string'
          ? (frameworkMessage(status) ?? raw)
          : exception.message;
    const body: ApiError = {
      statusCode: status,
      message: status >= 500 ? INTERNAL_MESSAGE : message,
      error: STATUS_CODES[status] ?? 'Error',
      code: isErrorCode(details.code) ? details.code : codeForStatus(status),
    };
    if (details.fields && typeof details.fields === 'object')
      body.fields = details.fields as ApiError['fields'];
    if (details.rules && typeof details.rules === 'object') body.rules = details.rules as ApiError['rules'];
    if (details.params && typeof details.params === 'object')
      body.params = details.params as ApiError['params'];
    return body;
  }
  switch (infrastructureFailureOf(exception)) {
    case 'unavailable':
      return {
        statusCode: 503,
        message: commonMessages.unavailable,
        error: STATUS_CODES[503]!,
        code: 'SERVICE_UNAVAILABLE',
      };
    case 'bad-input':
      return {
        statusCode: 400,
        message: commonMessages.unstorableValue,
        error: STATUS_CODES[400]!,
        code: 'VALIDATION_FAILED',
      };
    default:
      return { statusCode: 500, message: INTERNAL_MESSAGE, error: 'Internal Server Error', code: 'INTERNAL' };
  }
}
