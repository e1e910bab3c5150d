import { Controller, Get, Header, NotFoundException, Param, Res, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { basename, dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ApiDoc } from '../common/api-doc.decorator';
import { packageRoot, packageVersion } from '../package-root';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { servedRoutes } from './served-routes';

// Our page and init script (no inline script may run), and the two Swagger UI files they load.
const OWN_FILES = resolve(packageRoot(), 'static', 'api-docs');
const SWAGGER_UI = resolve(require.resolve('swagger-ui-dist/package.json'), '..');
const DOCS_ASSETS: Record<string, string> = {
  'docs-init.js': resolve(OWN_FILES, 'docs-init.js'),
  'swagger-ui.css': resolve(SWAGGER_UI, 'swagger-ui.css'),
  'swagger-ui-bundle.js': resolve(SWAGGER_UI, 'swagger-ui-bundle.js'),
};
const API_VERSION = packageVersion();

/** The HTTP API described for machines at /api/openapi.json and for people at /api/docs. */
@Controller('api')
export class OpenApiController implements OnModuleInit {
  private document: OpenApiDocument | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  // Built once every controller is known, so a schema that cannot be described fails at boot.
  onModuleInit(): void {
    this.document = buildOpenApiDocument(servedRoutes(this.discovery, this.scanner), API_VERSION);
  }

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  @ApiDoc({
    summary: 'This document',
    tag: 'Documentation',
    response: z.object({ openapi: z.literal('3.1.0') }).loose(),
    errors: [],
  })
  openApi(): OpenApiDocument {
    return this.document!;
  }

  @Get('docs')
  @ApiDoc({
    summary: 'The API reference for people (Swagger UI over this document)',
    tag: 'Documentation',
    response: { contentType: 'text/html', description: 'The reference page' },
    writesResponse: true,
    errors: [],
  })
  docs(@Res() reply: FastifyReply): void {
    reply.header('Cache-Control', 'no-cache');
    reply.sendFile('index.html', OWN_FILES, { cacheControl: false });
  }

  @Get('docs/:asset')
  @ApiDoc({
    summary: 'A script or stylesheet of the reference page',
    tag: 'Documentation',
    response: { contentType: 'application/javascript', description: 'The file' },
    writesResponse: true,
    errors: [404],
  })
  docsAsset(@Param('asset') asset: string, @Res() reply: FastifyReply): void {
    const file = Object.hasOwn(DOCS_ASSETS, asset) ? DOCS_ASSETS[asset] : undefined;
    if (!file) throw new NotFoundException(`Cannot GET /api/docs/${asset}`);
    reply.header('Cache-Control', 'public, max-age=3600');
    reply.sendFile(basename(file), dirname(file), { cacheControl: false });
  }
}
