import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The built SPA when there is one; until the frontend exists, a placeholder page. Resolved from
 * this file so it holds both in the source tree (tests) and in dist (production).
 */
export function resolveWebRoot(): string {
  const spa = resolve(__dirname, '..', '..', '..', 'frontend', 'dist');
  return existsSync(resolve(spa, 'index.html')) ? spa : resolve(__dirname, '..', '..', 'static');
}
