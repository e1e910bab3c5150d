import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';

/** What is known of the request being served, wherever the code that serves it runs. */
export type RequestContext = { requestId: string; userId?: number };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Opens the request's context for everything after it: guards, controllers and the service calls
 * they make, which carry the request id without passing it along. A preHandler hook, so it opens
 * after the body and the session are read: a continuation run by a stream's event or another
 * library's callback may not keep the context it was started in. Fastify calls the route handler
 * from inside `done`.
 */
export function openRequestContext(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const userId = request.user?.id;
  storage.run({ requestId: request.id, ...(userId === undefined ? {} : { userId }) }, done);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who is acting once a sign-in has established it, for what the request does next. */
export function setActingUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}
