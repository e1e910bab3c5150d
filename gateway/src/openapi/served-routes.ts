import { HttpStatus, RequestMethod } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
} from '@nestjs/common/constants';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { KEYS_ALLOWED } from '../api-keys/keys-allowed.decorator';
import { API_DOC, type ApiDocumentation } from '../common/api-doc.decorator';
import { SIGNED_IN_GUARDS } from '../session/signed-in.guard';
import type { ServedRoute } from './openapi-document';

/**
 * Every route of every controller, read from the metadata Nest routes by: the method, the full
 * path, the status a success answers, whether its guards demand a session, and its documentation.
 */
export function servedRoutes(discovery: DiscoveryService, scanner: MetadataScanner): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
    if (!controller) continue;
    const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller));
    const controllerGuards = guards(controller);
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
      const signedIn = [...controllerGuards, ...guards(handler)].some((guard) =>
        SIGNED_IN_GUARDS.includes(guard),
      );
      const keys =
        signedIn &&
        ((Reflect.getMetadata(KEYS_ALLOWED, handler) as boolean | undefined) ??
          (Reflect.getMetadata(KEYS_ALLOWED, controller) as boolean | undefined) ??
          false);
      for (const prefix of prefixes) {
        for (const suffix of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.push({ method, path: joinPath(prefix, suffix), status, signedIn, keys, documentation });
        }
      }
    }
  }
  return routes;
}

function guards(target: object): unknown[] {
  return (Reflect.getMetadata(GUARDS_METADATA, target) as unknown[] | undefined) ?? [];
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
