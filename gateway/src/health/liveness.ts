import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const LIVENESS_PATH = '/api/health';

const BODY = JSON.stringify({ status: 'ok' });
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(Buffer.byteLength(BODY)),
  'Cache-Control': 'no-store',
};

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * GET /api/health, answered by the HTTP server before the app sees the request: it says only that
 * the process answers, and load balancers call it often. It needs nothing of the stack (session,
 * body, request log, security headers), and waiting behind it would make it measure the stack
 * instead. Readiness, which checks Redis and NATS, and HEAD go the usual way.
 */
export function answerLivenessFirst(server: Server): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`Expected one request listener, found ${listeners.length}`);
  const [app] = listeners;
  server.removeListener('request', app);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === LIVENESS_PATH) res.writeHead(200, HEADERS).end(BODY);
    else app(req, res);
  });
}
