import type { NestExpressApplication } from '@nestjs/platform-express';
import { resolve } from 'node:path';
import { resolveWebRoot } from './web-root';

const ONE_YEAR = '365d';

/**
 * The SPA's files. Vite puts a content hash in every name under /assets, so those can be cached
 * for good; everything else (index.html, the favicon) is revalidated on each visit.
 */
export function serveWebAssets(app: NestExpressApplication): void {
  const root = resolveWebRoot();
  app.useStaticAssets(resolve(root, 'assets'), {
    prefix: '/assets',
    index: false,
    immutable: true,
    maxAge: ONE_YEAR,
  });
  app.useStaticAssets(root, { index: false, maxAge: 0 });
}
