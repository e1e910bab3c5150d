import type { NextFunction, Request, Response } from 'express';

export const LIVENESS_PATH = '/api/health';

const BODY = JSON.stringify({ status: 'ok' });
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(Buffer.byteLength(BODY)),
  'Cache-Control': 'no-store',
};

/**
 * GET /api/health, answered ahead of everything else: it says only that the process answers, and
 * load balancers call it often. It needs no session, body, log line or security header of the
 * rest of the stack, and waiting behind them would make it measure them instead. (Readiness,
 * which checks Redis and NATS, goes the usual way.)
 */
export function liveness(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' || req.url !== LIVENESS_PATH) return next();
  res.writeHead(200, HEADERS).end(BODY);
}
