import { apiError } from '@promptlib/proto';
import { z } from 'zod';
import { SESSION_COOKIE } from '../session/session-cookie';
import type { ApiDocumentation, NonJsonResponse } from '../common/api-doc.decorator';

/** One route as Nest serves it, with its documentation when it has some. */
export type ServedRoute = {
  method: string;
  /** Route syntax: `/api/prompts/:id`. */
  path: string;
  status: number;
  /** Guarded by @SignedIn(), @SignedInWrite() or @SignedInImport(). */
  signedIn: boolean;
  /** Whether a personal API key may call it instead of a session. */
  keys: boolean;
  documentation: ApiDocumentation | undefined;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
};

const SESSION_COOKIE_SCHEME = 'sessionCookie';
const API_KEY_SCHEME = 'apiKey';
const ERROR_REFERENCE = { $ref: '#/components/schemas/ApiError' };

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'The input is malformed or breaks a rule; `fields` names each failing field, `rules` the rule it broke',
  401: 'Nobody is signed in',
  403: 'Not allowed: a tier limit, or a state-changing call from a foreign origin',
  404: 'Not found, or not yours',
  409: 'Conflicts with what exists',
  413: 'The body is larger than 100 kB',
  415: 'A body that is not JSON',
  429: 'Too many attempts; `Retry-After` says when to try again',
  503: 'A backing service is unreachable; try again in a moment',
};

/** Route `:name` parameters as OpenAPI `{name}`. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Documented routes under /api as an OpenAPI 3.1 document; undocumented ones are left out. */
export function buildOpenApiDocument(routes: ServedRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (!route.documentation) continue;
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, route.documentation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prompt Library API',
      version,
      description:
        'The HTTP API of Prompt Library. A call sends the session cookie, and a state-changing one ' +
        'must then come from the app’s own origin; or, where a route lists it, a personal API key as ' +
        '`Authorization: Bearer <key>` instead. Bodies are JSON. Errors answer the ApiError body.',
    },
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiError, 'output') },
      securitySchemes: {
        [SESSION_COOKIE_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `Named __Host-${SESSION_COOKIE} where the app is served over HTTPS.`,
        },
        [API_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API key (`plk_…`), made on the app’s API keys page. A read key may call the ' +
            'GET routes that list it; a write key their changes too. Send no session cookie with it.',
        },
      },
    },
  };
}

function operation(route: ServedRoute, documentation: ApiDocumentation): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(
    ([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }),
  );
  for (const [name, field] of Object.entries(documentation.query?.shape ?? {})) {
    const schema = field as z.ZodType;
    parameters.push({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      schema: jsonSchema(schema, 'input'),
    });
  }
  const responses: Record<string, unknown> = {
    [String(route.status)]: successResponse(route.status, documentation.response),
  };
  for (const status of documentation.errors) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: ERROR_REFERENCE } },
    };
  }
  return {
    operationId: `${route.method.toLowerCase()}${operationName(route.path)}`,
    summary: documentation.summary,
    ...(documentation.description ? { description: documentation.description } : {}),
    tags: [documentation.tag],
    security: route.signedIn
      ? [{ [SESSION_COOKIE_SCHEME]: [] }, ...(route.keys ? [{ [API_KEY_SCHEME]: [] }] : [])]
      : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(documentation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(documentation.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

function successResponse(status: number, response: z.ZodType | NonJsonResponse): Record<string, unknown> {
  if (isNonJson(response)) {
    return { description: response.description, content: { [response.contentType]: {} } };
  }
  return {
    description: STATUS_TEXT[status] ?? 'Success',
    content: { 'application/json': { schema: jsonSchema(response, 'output') } },
  };
}

function isNonJson(response: z.ZodType | NonJsonResponse): response is NonJsonResponse {
  return 'contentType' in response;
}

// A request body is documented as the client writes it (before trims and defaults), a reply as sent.
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

function operationName(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && part !== 'api')
    .map((part) => part.replace(/^:/, 'by-'))
    .join('-')
    .replace(/[^A-Za-z0-9]+(.)/g, (_match, next: string) => next.toUpperCase())
    .replace(/^./, (first) => first.toUpperCase());
}
