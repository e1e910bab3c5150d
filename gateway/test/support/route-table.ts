import type { NestExpressApplication } from '@nestjs/platform-express';
import { openApiPath } from '../../src/openapi/openapi-document';

type RouterLayer = { route?: { path: string; methods: Record<string, boolean> } };

/** `METHOD /path` of every route Express actually serves under /api, in OpenAPI path syntax. */
export function servedApiRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route || !layer.route.path.startsWith('/api')) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') routes.add(`${method.toUpperCase()} ${openApiPath(layer.route.path)}`);
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
