import { Injectable, type NestMiddleware } from '@nestjs/common';
import { MAX_BODY_BYTES } from '@promptlib/proto';
import { json, type NextFunction, type Request, type Response } from 'express';
import typeIs from 'type-is';
import { ApiException } from './api-exception';

type BodyParserError = Error & { type?: string };

const parseJson = json({ limit: MAX_BODY_BYTES, type: () => true });

/**
 * The API speaks JSON only: a body of any other type is 415, an oversized one 413, a malformed
 * one 400. Calls without a body need no content type.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!hasContent(req)) return next();
    if (!typeIs(req, ['application/json'])) {
      throw new ApiException(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
    await new Promise<void>((resolve, reject) =>
      parseJson(req, res, (error?: unknown) =>
        error ? reject(toApiException(error as BodyParserError)) : resolve(),
      ),
    );
    next();
  }
}

// Browsers send `Content-Length: 0` on a body-less POST; that is no body, whatever the content type.
function hasContent(req: Request): boolean {
  return typeIs.hasBody(req) && req.headers['content-length'] !== '0';
}

function toApiException(error: BodyParserError): ApiException {
  switch (error.type) {
    case 'entity.too.large':
      return new ApiException(
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${MAX_BODY_BYTES / 1024} kB.`,
      );
    case 'entity.parse.failed':
      return new ApiException(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as UTF-8 JSON.');
    default:
      return new ApiException(400, 'MALFORMED_JSON', 'The request body could not be read.');
  }
}
