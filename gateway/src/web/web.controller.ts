import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { resolve } from 'node:path';
import { resolveWebRoot } from './web-root';

/**
 * Every GET outside /api answers the SPA's index.html, so client-side routes survive a reload;
 * the SPA itself shows the 404 page. Unknown /api paths stay a JSON 404.
 */
@Controller()
export class WebController {
  private readonly indexFile = resolve(resolveWebRoot(), 'index.html');

  @Get('{*path}')
  index(@Req() req: Request, @Res() res: Response): void {
    // A missing API route or build file is a real 404, never the app's page in disguise.
    if (req.path === '/api' || req.path.startsWith('/api/') || req.path.startsWith('/assets/')) {
      throw new NotFoundException(`Cannot GET ${req.path}`);
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(this.indexFile);
  }
}
