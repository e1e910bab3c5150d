/** The error types Stripe answers with; the SDK picks its error class from the type and the status. */
type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';

/** A failure answered as Stripe answers it: the status, and `{ error: { type, code?, message, param? } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  get body(): { error: Record<string, string> } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export function missing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

export function invalidParameter(param: string, message: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
}

export function missingParameter(param: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}
