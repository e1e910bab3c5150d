import { describeActiveSpan } from '@promptlib/platform';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { routeLabel } from './http-metrics';

/**
 * Names the request's trace span (started by the http instrumentation, from the caller's
 * `traceparent` when it sent one) by its route pattern, as the metrics label it, never the raw
 * path; and records the request id, which the logs carry. Nothing when no trace is recorded.
 */
export function nameRequestSpan(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const route = routeLabel(request);
  describeActiveSpan(`${request.method} ${route}`, {
    'http.route': route,
    'request.id': request.id,
    // The path as its pattern and no query: a shared link's path is its token, and a query holds
    // what someone searched for.
    'url.path': route,
    ...(request.url.includes('?') ? { 'url.query': 'redacted' } : {}),
  });
  done();
}
