import { MAX_ID } from '@promptlib/proto';
import { ApiException } from '../common/api-exception';

/** An id in a path that is not a positive integer names nothing: the same 404 as another user's id. */
export function routeId(raw: string, notFoundMessage: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) {
    throw new ApiException(404, 'NOT_FOUND', notFoundMessage);
  }
  return Number(raw);
}
