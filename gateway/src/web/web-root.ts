import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRoot } from '../package-root';

/**
 * The built SPA when there is one; until the frontend exists, a placeholder page. Resolved from
 * the gateway's folder, so it holds in the source tree (tests) and in dist (production) alike.
 */
export function resolveWebRoot(): string {
  const gateway = packageRoot();
  const spa = resolve(gateway, '..', 'frontend', 'dist');
  return existsSync(resolve(spa, 'index.html')) ? spa : resolve(gateway, 'static');
}
