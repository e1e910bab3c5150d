import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

// A caller's id is kept only when it cannot smuggle anything into logs or headers.
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Every request gets an id, echoed in X-Request-Id, carried to the services and into every log line. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const given = req.header('x-request-id');
  req.id = given && ACCEPTED_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
}
