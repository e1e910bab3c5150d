import { HttpStatus, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { API_DOC, type ApiDocumentation } from '../common/api-doc.decorator';
import type { ServedRoute } from './openapi-document';

/**
 * Every route of every controller, read from the metadata Nest routes by: the method, the full
 * path, the status a success answers, and the route's documentation.
 */
export function servedRoutes(discovery: DiscoveryService, scanner: MetadataScanner): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
    if (!controller) continue;
    const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod];
      const status =
        (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
        (requestMethod === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
      const documentation = Reflect.getMetadata(API_DOC, handler) as ApiDocumentation | undefined;
      for (const prefix of prefixes) {
        for (const suffix of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.push({ method, path: joinPath(prefix, suffix), status, documentation });
        }
      }
    }
  }
  return routes;
}

function paths(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : ''];
}

function joinPath(prefix: string, suffix: string): string {
  const joined = [prefix, suffix]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
}
