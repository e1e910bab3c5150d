import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { pathOf } from './request-path';

// Probes call these every few seconds; a line each would drown the requests people make.
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * One JSON line per request when its answer is sent (or the client gave up first): method, URL,
 * status, time taken, request id and, once known, the user. A 5xx is logged as an error. Never the
 * headers, which carry the session cookie.
 */
export function requestLog(logger: Logger): onRequestHookHandler {
  // The entry is built here from fields that hold no secret, so the redaction every other log line
  // goes through (a walk of its paths per line) is left out.
  const log = logger.child({}, { redact: [] });
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (QUIET_PATHS.has(pathOf(request.url))) return done();
    const started = performance.now();
    const res = reply.raw;
    // 'close' rather than Fastify's onResponse: it also comes for answers written to the Node
    // response directly (the streamed list) and for clients that leave before the end.
    res.once('close', () => {
      const entry = {
        req: {
          id: request.id,
          method: request.method,
          url: request.url,
          remoteAddress: request.raw.socket.remoteAddress,
        },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(request.user ? { userId: request.user.id } : {}),
      };
      if (!res.writableFinished) log.warn(entry, 'request aborted');
      else if (res.statusCode >= 500) log.error(entry, 'request failed');
      else log.info(entry, 'request completed');
    });
    done();
  };
}
