import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync } from 'node:fs';
import { isApiPath, pathOf } from '../common/request-path';
import { resolveWebRoot } from './web-root';

const INDEX = 'index.html';

/**
 * Every GET outside /api answers the SPA's index.html, so client-side routes survive a reload;
 * the SPA itself shows the 404 page. The build's own files beside it (the favicon) are sent as
 * they are. Unknown /api paths stay a JSON 404.
 */
@Controller()
export class WebController {
  private readonly root = resolveWebRoot();
  // The build does not change while the gateway runs: its top-level files are known once.
  private readonly rootFiles = new Set(
    readdirSync(this.root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== INDEX)
      .map((entry) => entry.name),
  );

  @Get('*')
  index(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const path = pathOf(request.url);
    // A missing API route or build file is a real 404, never the app's page in disguise.
    if (isApiPath(path) || path === '/assets' || path.startsWith('/assets/')) {
      throw new NotFoundException(`Cannot GET ${path}`);
    }
    const file = path.slice(1);
    if (this.rootFiles.has(file)) {
      reply.sendFile(file, this.root, { immutable: false, maxAge: 0 });
      return;
    }
    reply.header('Cache-Control', 'no-cache');
    reply.sendFile(INDEX, this.root, { cacheControl: false });
  }
}
