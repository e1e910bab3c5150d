import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { sessionUserOf } from './session-user';

/**
 * The signed-in user's id; every library call is made on this user's behalf and no other. Only
 * for routes marked @SignedIn() or @SignedInWrite(), whose guard has already answered 401.
 */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const user = sessionUserOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!user) throw new Error('@CurrentUserId() on a route without @SignedIn() or @SignedInWrite()');
  return user.id;
});
