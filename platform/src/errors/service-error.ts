import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, ErrorParams, FieldProblems, NotFoundSubject, ServiceError } from '@promptlib/proto';
import { fieldsAndRulesOf, isErrorCode, notFoundMessages } from '@promptlib/proto';

/**
 * What a service throws for an expected failure; the gateway maps `code` to an HTTP status. Failing
 * fields travel as `fields` (their messages) and `rules` (the rule each broke).
 */
export function serviceError(
  code: ErrorCode,
  message: string,
  problems?: FieldProblems,
  params?: ErrorParams,
): RpcException {
  const error: ServiceError = problems ? { code, message, ...fieldsAndRulesOf(problems) } : { code, message };
  if (params) error.params = params;
  return new RpcException(error);
}

/** NOT_FOUND for the subject, with its sentence; a field's problem when an id in the body named it. */
export function notFound(subject: NotFoundSubject, field?: string): RpcException {
  const message = notFoundMessages[subject];
  const problems = field ? { [field]: { rule: 'notFound' as const, message } } : undefined;
  return serviceError('NOT_FOUND', message, problems, { subject });
}

/** A failed request to a service, carrying the service's typed error. */
export class ServiceCallError extends Error {
  override readonly name = 'ServiceCallError';

  constructor(
    readonly error: ServiceError,
    readonly subject: string,
    /** Why, for the logs only: never shown to the client. */
    readonly detail?: string,
  ) {
    super(error.message);
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate.code) && typeof candidate.message === 'string';
}
