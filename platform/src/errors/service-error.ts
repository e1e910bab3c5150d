import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, FieldProblems, ServiceError } from '@promptlib/proto';
import { fieldsAndRulesOf, isErrorCode } from '@promptlib/proto';

/**
 * What a service throws for an expected failure; the gateway maps `code` to an HTTP status. Failing
 * fields travel as `fields` (their messages) and `rules` (the rule each broke).
 */
export function serviceError(code: ErrorCode, message: string, problems?: FieldProblems): RpcException {
  const error: ServiceError = problems ? { code, message, ...fieldsAndRulesOf(problems) } : { code, message };
  return new RpcException(error);
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
