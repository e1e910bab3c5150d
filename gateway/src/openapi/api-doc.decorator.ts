import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC = 'promptlib:api-doc';

/** A 2xx answer that is not JSON: its content type, and what it is. */
export type NonJsonResponse = { contentType: string; description: string };

/** Who may call a route. */
export type Access = 'public' | 'signed-in';

/**
 * What the OpenAPI document says of one route. The schemas are the ones the route itself uses
 * (its body DTO, the proto type it answers), so the document cannot drift from the code.
 */
export type ApiDocumentation = {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  body?: z.ZodType;
  response: z.ZodType | NonJsonResponse;
  /** Statuses of the error answers this route gives, each with the ApiError body. */
  errors: readonly number[];
};

/**
 * Documents a route in /api/openapi.json. A route under /api without it is missing from the
 * document, which the OpenAPI test reports.
 */
export const ApiDoc = (documentation: ApiDocumentation) => SetMetadata(API_DOC, documentation);

/** The error statuses most routes share, by the checks the gateway runs before a service answers. */
export const errorsOf = {
  /** A signed-in read: no session, or the service is down. */
  read: [401, 503],
  /** A signed-in change with a JSON body: CSRF, shape, size, content type, write limit. */
  write: [400, 401, 403, 413, 415, 429, 503],
  /** A signed-in change of one item named in the path, sent without a body. */
  itemAction: [401, 403, 404, 429, 503],
} as const;
