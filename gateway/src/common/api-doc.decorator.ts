import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC = 'promptlib:api-doc';

/** A 2xx answer that is not JSON: its content type, and what it is. */
export type NonJsonResponse = { contentType: string; description: string };

type Documentation = {
  summary: string;
  description?: string;
  tag: string;
  body?: z.ZodType;
  /** The query string's names, each documented as a parameter of its own. */
  query?: z.ZodObject;
  /** Statuses of the error answers this route gives, each with the ApiError body. */
  errors: readonly number[];
};

/**
 * What the OpenAPI document says of one route. The schemas are the ones the route itself uses: its
 * body DTO, and the proto schema of what it answers, which the handler's return type must match.
 * Whether it needs a session is not said here: the document reads it from the route's guards.
 */
export type ApiDocumentation = Documentation & {
  response: z.ZodType | NonJsonResponse;
  /** The handler writes the answer itself (`@Res()`), so its return type cannot be checked. */
  writesResponse?: true;
};

type ReturnsJson<R extends z.ZodType> = Documentation & { response: R; writesResponse?: never };
type WritesResponse = Documentation & { response: z.ZodType | NonJsonResponse; writesResponse: true };
type Answering<T> = { value?: (...args: never[]) => T | Promise<T> };

/**
 * Documents a route in /api/openapi.json; a route under /api without it is missing from the
 * document, which the OpenAPI test reports. A handler that returns its answer must return the
 * type of the documented response schema, or it does not compile.
 */
export function ApiDoc<R extends z.ZodType>(
  documentation: ReturnsJson<R>,
): (target: object, key: string | symbol, descriptor: Answering<z.output<R>>) => void;
export function ApiDoc(
  documentation: WritesResponse,
): (target: object, key: string | symbol, descriptor: PropertyDescriptor) => void;
export function ApiDoc(documentation: ApiDocumentation) {
  return (target: object, key: string | symbol, descriptor: PropertyDescriptor): void => {
    SetMetadata(API_DOC, documentation)(target, key, descriptor);
  };
}

/** The error statuses most routes share, by the checks the gateway runs before a service answers. */
export const errorsOf = {
  /** A signed-in read: no session, or the service is down. */
  read: [401, 503],
  /** A signed-in change with a JSON body: CSRF, shape, size, content type, write limit. */
  write: [400, 401, 403, 413, 415, 429, 503],
  /** A signed-in change of one item named in the path, sent without a body. */
  itemAction: [401, 403, 404, 429, 503],
} as const;
