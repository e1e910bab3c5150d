import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ServiceCallError } from '@promptlib/platform';
import { SHARE_ID_PATTERN, type SharedPrompt } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SharingClient } from '../clients/sharing.client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { RateLimits } from '../rate-limit/rate-limits';
import { withPreviewTags } from './preview-tags';
import { resolveWebRoot } from './web-root';

/**
 * /shared/:shareId is the SPA's page with the prompt's title and preview tags, so a link pasted
 * in a chat shows what it is. A link that answers nothing gets the plain page with a 404 status
 * (the SPA shows 'Prompt Not Found'); when sharing cannot answer, or the client is over its limit,
 * the plain page, whose own call then says why. Like the API's read: never stored, never indexed.
 */
@Controller()
export class SharePageController {
  private readonly indexHtml = readFileSync(resolve(resolveWebRoot(), 'index.html'), 'utf8');

  constructor(
    private readonly sharing: SharingClient,
    private readonly rateLimits: RateLimits,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('shared/:shareId')
  async page(
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('shareId') shareId: string,
  ): Promise<void> {
    reply
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8');
    const prompt = await this.find(req.ip, shareId);
    if (prompt === 'not-found') {
      reply.status(404).send(this.indexHtml);
      return;
    }
    const url = `${this.config.PUBLIC_URL}/shared/${shareId}`;
    reply.send(prompt ? withPreviewTags(this.indexHtml, prompt, url) : this.indexHtml);
  }

  /** The prompt; 'not-found' for a link that answers nothing; null when that cannot be known now. */
  private async find(client: string, shareId: string): Promise<SharedPrompt | 'not-found' | null> {
    if (!SHARE_ID_PATTERN.test(shareId)) return 'not-found';
    try {
      await this.rateLimits.beforeSharedRead(client);
      return await this.sharing.read(shareId, client);
    } catch (error) {
      return error instanceof ServiceCallError && error.error.code === 'NOT_FOUND' ? 'not-found' : null;
    }
  }
}
