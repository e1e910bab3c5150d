import { MAX_ID, type NotFoundSubject } from '@promptlib/proto';
import { notFoundException } from '../common/api-exception';

/** An id in a path that is not a positive integer names nothing: the same 404 as another user's id. */
export function routeId(raw: string, subject: NotFoundSubject): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw notFoundException(subject);
  return Number(raw);
}
