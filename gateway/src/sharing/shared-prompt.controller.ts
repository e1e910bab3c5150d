import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { SHARE_ID_PATTERN, sharedPrompt, type SharedPrompt } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SharingClient } from '../clients/sharing.client';
import { ApiDoc } from '../common/api-doc.decorator';
import { notFoundException } from '../common/api-exception';
import { RateLimits } from '../rate-limit/rate-limits';

/**
 * The public read of a link: no session, limited per client. Unknown, revoked, deleted and
 * malformed links all answer the same 404. A link is unlisted, not published: never stored by a
 * cache on the way, never indexed.
 */
@Controller('api/shared')
export class SharedPromptController {
  constructor(
    private readonly sharing: SharingClient,
    private readonly rateLimits: RateLimits,
  ) {}

  @Get(':shareId')
  @ApiDoc({
    summary: 'Read a shared prompt by its public link',
    description: 'Needs no session. Counts a view, once per client per link every 30 minutes.',
    tag: 'Sharing',
    response: sharedPrompt,
    errors: [404, 429, 503],
  })
  async read(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('shareId') shareId: string,
  ): Promise<SharedPrompt> {
    // Set first, so that the 404 and 429 answers carry them too.
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    if (!SHARE_ID_PATTERN.test(shareId)) throw notFoundException('sharedPrompt');
    await this.rateLimits.beforeSharedRead(req.ip);
    return this.sharing.read(shareId, req.ip);
  }
}
