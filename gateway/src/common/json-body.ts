import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_BODY_BYTES } from '@promptlib/proto';
import { ApiException } from './api-exception';

const UTF8 = new Set(['utf-8', 'utf8']);

/** Route config of a route that reads its body as raw bytes (a Buffer) instead of parsed JSON. */
export const RAW_BODY = { rawBody: true } as const;

/** Said of a body past MAX_BODY_BYTES, which Fastify refuses before a parser runs (see framework-errors). */
export const BODY_TOO_LARGE = `The request body is larger than ${MAX_BODY_BYTES / 1024} kB.`;

/**
 * The API speaks JSON only: a body of any other type is 415, an oversized one 413 (Fastify's
 * FST_ERR_CTP_BODY_TOO_LARGE, see framework-errors), a malformed one 400. Calls without a body need
 * no content type, and `Content-Length: 0` (what browsers send on a body-less POST) is no body,
 * whatever the content type. A route marked `@RouteConfig(RAW_BODY)` gets the bytes as they came,
 * unparsed (a signature over them is checked byte for byte).
 */
export function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
    (
      request: FastifyRequest,
      bytes: string | Buffer,
      done: (error: Error | null, body?: unknown) => void,
    ) => {
      const refusal = encodingRefusal(request);
      if (refusal) return done(refusal);
      if (request.routeOptions.config.rawBody) return done(null, bytes);
      if (bytes.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(bytes.toString()));
      } catch {
        done(new ApiException(400, 'MALFORMED_JSON', 'The request body is not valid JSON.'));
      }
    },
  );
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(unsupportedMediaType()));
}

function unsupportedMediaType(): ApiException {
  return new ApiException(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the request body as JSON (Content-Type: application/json).',
  );
}

/** The body is read as UTF-8 text as it came: another charset, or a compressed body, is refused. */
function encodingRefusal(request: FastifyRequest): ApiException | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
  const encoding = request.headers['content-encoding'];
  if ((charset && !UTF8.has(charset.toLowerCase())) || (encoding && encoding !== 'identity')) {
    return new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as UTF-8 JSON.');
  }
  return undefined;
}
