import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, FieldErrors, ServiceError } from '@promptlib/proto';
import { isErrorCode } from '@promptlib/proto';

/** What a service throws for an expected failure; the gateway maps `code` to an HTTP status. */
export function serviceError(code: ErrorCode, message: string, fields?: FieldErrors): RpcException {
  const error: ServiceError = fields ? { code, message, fields } : { code, message };
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
