import type { ErrorCode } from '@promptlib/proto';

/** The one place that decides which HTTP status each service error code becomes. */
export const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_REJECTED: 403,
  FORBIDDEN: 403,
  PROMPT_LIMIT_REACHED: 403,
  CATEGORY_LIMIT_REACHED: 403,
  API_KEY_LIMIT_REACHED: 403,
  GENERAL_CATEGORY_PROTECTED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  CATEGORY_NAME_TAKEN: 409,
  SUBSCRIPTION_ALREADY_ACTIVE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The code an HTTP error without one of its own (a framework 404, say) is reported with. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}
