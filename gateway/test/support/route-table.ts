import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openApiPath } from '../../src/openapi/openapi-document';

// One line of Fastify's route tree: its indentation, the path it adds to its parent's, its methods.
const TREE_LINE = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/;

/**
 * `METHOD /path` of every route Fastify actually serves under /api, in OpenAPI path syntax, read
 * from its route tree. HEAD is left out: Fastify answers it for every GET by itself.
 */
export function servedApiRoutes(app: NestFastifyApplication): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    if (!match[3] || !path.startsWith('/api')) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.add(`${method} ${openApiPath(path)}`);
    }
  }
  return [...routes].sort();
}

/** `METHOD /path` of every operation in an OpenAPI document. */
export function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}
