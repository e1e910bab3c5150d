import type { ApiError, ErrorCode, ErrorParams, FieldErrors, FieldRules } from '@promptlib/proto';

/**
 * How every failed call looks to the UI. `message` follows the product's general rule: the status,
 * a colon and a space, then the body text (or the status text when the body is empty).
 * `serverMessage` is the sentence the server put in its JSON, shown where the product says so.
 */
export type ApiFailure = {
  status: number | 'FETCH_ERROR';
  message: string;
  serverMessage?: string;
  code?: ErrorCode;
  fields?: FieldErrors;
  /** The rule each failing field broke, which the SPA says in the user's language. */
  rules?: FieldRules;
  /** The values the sentence names (a limit, a wait, what was not found), for the user's language. */
  params?: ErrorParams;
};

export function toApiFailure(status: number, statusText: string, body: string): ApiFailure {
  const failure: ApiFailure = { status, message: `${status}: ${body || statusText}` };
  const parsed = parseApiError(body);
  if (parsed) {
    failure.serverMessage = parsed.message;
    if (parsed.code) failure.code = parsed.code;
    if (parsed.fields) failure.fields = parsed.fields;
    if (parsed.rules) failure.rules = parsed.rules;
    if (parsed.params) failure.params = parsed.params;
  }
  return failure;
}

function parseApiError(body: string): Partial<ApiError> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Partial<ApiError>) : undefined;
  } catch {
    return undefined;
  }
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}
