import { DELETED_USER_KEPT_DAYS } from '@promptlib/platform/service';

/** DeletedUsers.remember over an in-memory table (user id → when deleted), for the fakes of the unit specs. */
export function rememberDeletedUser(deleted: Map<number, Date>, userId: number, now = new Date()): void {
  if (!deleted.has(userId)) deleted.set(userId, now);
  const forgetBefore = now.getTime() - DELETED_USER_KEPT_DAYS * 86_400_000;
  for (const [id, at] of deleted) if (at.getTime() < forgetBefore) deleted.delete(id);
}
