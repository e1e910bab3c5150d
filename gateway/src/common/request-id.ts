import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// A caller's id is kept only when it cannot smuggle anything into logs or headers.
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Every request gets an id (Fastify's `genReqId`), carried to the services and into every log line. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the id in X-Request-Id. Set on the Node response, not Fastify's reply, so that answers
 * written straight to it (the streamed prompt list, the error of a failed hook) carry it too.
 */
export function echoRequestId(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  reply.raw.setHeader('X-Request-Id', request.id);
  done();
}
