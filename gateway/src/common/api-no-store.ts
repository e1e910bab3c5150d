import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isApiPath, pathOf } from './request-path';

/**
 * An /api answer is one user's data at one moment: no cache on the way (a shared proxy, the
 * browser's back button) may keep it. A route that may be cached says so itself, and its own
 * Cache-Control wins over this default (Fastify writes its headers over the Node response's).
 */
export function apiNoStore(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (isApiPath(pathOf(request.url))) reply.raw.setHeader('Cache-Control', 'no-store');
  done();
}
