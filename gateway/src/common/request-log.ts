import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

// Probes call these every few seconds; a line each would drown the requests people make.
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * One JSON line per request when its answer is sent (or the client gave up first): method, URL,
 * status, time taken, request id and, once known, the user. A 5xx is logged as an error. Never the
 * headers, which carry the session cookie.
 */
export function requestLog(logger: Logger): RequestHandler {
  // The entry is built here from fields that hold no secret, so the redaction every other log line
  // goes through (a walk of its paths per line) is left out.
  const log = logger.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.url.split('?', 1)[0];
    if (QUIET_PATHS.has(path)) return next();
    const started = performance.now();
    res.once('close', () => {
      const completed = res.writableFinished;
      const entry = {
        req: {
          id: req.id,
          method: req.method,
          url: req.originalUrl,
          remoteAddress: req.socket.remoteAddress,
        },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(req.user ? { userId: req.user.id } : {}),
      };
      if (!completed) log.warn(entry, 'request aborted');
      else if (res.statusCode >= 500) log.error(entry, 'request failed');
      else log.info(entry, 'request completed');
    });
    next();
  };
}
