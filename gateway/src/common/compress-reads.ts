import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Reads whose answer is a few hundred bytes of fixed shape, asked on every page load.
const SMALL_READS = new Set(['/api/user', '/api/user/limits', '/api/config', '/api/ready']);

/**
 * Gzip where it pays: reads, whose answers can be large (the prompt list, the SPA's files without
 * a prebuilt gzip, the API document). Writes answer one small object, and the small reads above
 * never reach compression's 1 kB threshold; wrapping their response would cost every one of them
 * for nothing.
 */
export function compressReads(): RequestHandler {
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) => {
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read || SMALL_READS.has(req.url.split('?', 1)[0])) return next();
    compress(req, res, next);
  };
}
