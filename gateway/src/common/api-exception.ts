import { HttpException } from '@nestjs/common';
import type { ApiError, ErrorCode, FieldErrors } from '@promptlib/proto';
import { STATUS_CODES } from 'node:http';

/** An HTTP failure raised by the gateway itself, already in the documented error shape. */
export class ApiException extends HttpException {
  constructor(status: number, code: ErrorCode, message: string, fields?: FieldErrors) {
    const body: ApiError = { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error', code };
    if (fields) body.fields = fields;
    super(body, status);
  }
}
