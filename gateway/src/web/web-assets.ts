import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { static as serveStatic } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { resolve } from 'node:path';
import { resolveWebRoot } from './web-root';

const ONE_YEAR = '365d';

/**
 * The SPA's files. Vite puts a content hash in every name under /assets, so those can be cached
 * for good; everything else (index.html, the favicon) is revalidated on each visit. The build
 * writes a smaller gzip of each asset beside it (zopfli), which is sent as it is to every client
 * that accepts gzip; the compression middleware only handles what has no such file.
 */
export function serveWebAssets(app: NestExpressApplication): void {
  const root = resolveWebRoot();
  const assets = expressStaticGzip(resolve(root, 'assets'), {
    index: false,
    serveStatic: { index: false, redirect: false, immutable: true, maxAge: ONE_YEAR },
  });
  // A path that does not decode goes on to the router, which answers the API's JSON 400 for it.
  app.use('/assets', (req: Request, res: Response, next: NextFunction) =>
    decodes(req.path) ? assets(req, res, next) : next(),
  );
  // Never for /api: a file lookup (a stat on disk) for every API call would find nothing.
  const files = serveStatic(root, { index: false, redirect: false, maxAge: 0 });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.url.startsWith('/api/') ? next() : files(req, res, next),
  );
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
