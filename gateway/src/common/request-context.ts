import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/** What is known of the request being served, wherever the code that serves it runs. */
export type RequestContext = { requestId: string; userId?: number };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Opens the request's context for everything after it: guards, controllers and the service calls
 * they make, which carry the request id without passing it along. It runs after the body and the
 * session are read: a continuation run by a stream's event or another library's callback may not
 * keep the context it was started in.
 */
export function requestContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const userId = (req.user as { id?: number } | undefined)?.id;
  storage.run({ requestId: req.id, ...(userId === undefined ? {} : { userId }) }, next);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who is acting once a sign-in has established it, for what the request does next. */
export function setActingUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}
