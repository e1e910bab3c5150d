import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { REQUEST_ID_HEADER, commonMessages, type ServiceError } from '@promptlib/proto';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { infrastructureFailureOf } from './infrastructure-failure';
import { isServiceError } from './service-error';

/** Where a failure happened, for the log line about it. */
export type FailureContext = { subject: string; requestId?: string };

/**
 * The ServiceError a handler's failure is answered with. A typed failure (serviceError's
 * RpcException) goes back as it is. A store that cannot be reached is SERVICE_UNAVAILABLE, a value
 * Postgres refused is VALIDATION_FAILED: neither is a fault of ours, so the caller never sees a 500
 * for them. Everything else is INTERNAL, its details in the log only.
 */
export function serviceErrorFor(error: unknown, logger: Logger, context: FailureContext): ServiceError {
  const thrown = (error as { getError?: () => unknown } | null)?.getError?.();
  if (isServiceError(thrown)) return thrown;
  switch (infrastructureFailureOf(error)) {
    case 'unavailable':
      logger.warn({ err: error, ...context }, 'A store is unavailable');
      return { code: 'SERVICE_UNAVAILABLE', message: commonMessages.unavailable };
    case 'bad-input':
      logger.warn({ err: error, ...context }, 'Postgres refused a value of the request');
      return { code: 'VALIDATION_FAILED', message: commonMessages.unstorableValue };
    default:
      logger.error({ err: error, ...context }, 'Handler failed');
      return { code: 'INTERNAL', message: `Unexpected failure in ${context.subject}` };
  }
}

/** Nest's filter for every NATS handler of a service: the answer is serviceErrorFor's. */
@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const nats = host.switchToRpc().getContext<NatsContext | undefined>();
    const context: FailureContext = {
      subject: nats?.getSubject?.() ?? 'unknown subject',
      requestId: nats?.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined,
    };
    return throwError(() => serviceErrorFor(exception, this.logger, context));
  }
}
