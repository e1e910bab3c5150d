import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { isApiPath, pathOf } from './request-path';

// The web app's catch-all route: every path it answers is one label.
const CATCH_ALL = '/*';

/**
 * Request duration by route pattern (never the raw path, which would explode the label space),
 * live feeds aside.
 */
export function httpMetrics(registry: Registry): onRequestHookHandler {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const stop = duration.startTimer();
    reply.raw.once('finish', () => {
      // A live feed (GET /api/events, GET /mcp) lasts as long as its client stays: its length is
      // no request's latency, and would swamp the buckets the latency alerts read. Its refusals
      // (401, 429, 503) are ordinary answers and are counted.
      if (String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      stop({ method: request.method, route: routeLabel(request), status: String(reply.raw.statusCode) });
    });
    done();
  };
}

/** The route pattern a request matched: `web` for the web app's pages, `unmatched` for no API route. */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== CATCH_ALL) return route;
  return isApiPath(pathOf(request.url)) ? 'unmatched' : 'web';
}
