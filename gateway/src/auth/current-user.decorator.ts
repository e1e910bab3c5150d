import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception';
import { sessionUserOf } from './session-user';
import { NOT_SIGNED_IN } from './signed-in.guard';

/** The signed-in user's id; every library call is made on this user's behalf and no other. */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const user = sessionUserOf(context.switchToHttp().getRequest<Request>());
  if (!user) throw new ApiException(401, 'UNAUTHENTICATED', NOT_SIGNED_IN);
  return user.id;
});
