import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { liveLimits } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import { ApiDoc } from '../common/api-doc.decorator';
import { validateQuery } from '../common/validate-body';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn } from '../session/signed-in.decorator';
import { LiveStreams } from './live-streams';

const liveQuery = z.strictObject({
  // Where a client that cannot set the Last-Event-ID header (a new EventSource) resumes from.
  lastEventId: z.string().max(40).optional(),
});

/**
 * The signed-in user's own changes as Server-Sent Events, from every device and replica, resumed
 * from `Last-Event-ID` without a gap or a repeat (see LiveStreams).
 */
@KeysAllowed()
@Controller('api/events')
export class LiveController {
  constructor(private readonly streams: LiveStreams) {}

  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'The user’s own changes as they happen (Server-Sent Events)',
    description:
      'A `change` event for each change of the user’s prompts, tags, categories, links and plan, ' +
      'made on any device: `prompt.updated` (a create or an edit), `prompt.deleted`, ' +
      '`prompt.marked` (a star or the tags alone), `tag.changed` (renamed or deleted everywhere), ' +
      '`category.updated` (made, renamed or moved), `category.deleted`, `share.changed` (a link ' +
      'made or revoked), `tier.changed`. Each event has an id; a reconnect that sends it back (the ' +
      '`Last-Event-ID` header, or `lastEventId`) receives what it missed, in order, without ' +
      'repeats, or a `reset` event when that is too far back: read everything again. A comment line comes every ' +
      `heartbeat. At most ${liveLimits.streamsPerUser} feeds per user are open at once.`,
    tag: 'Library',
    query: liveQuery,
    response: { contentType: 'text/event-stream', description: 'The feed, open until the client leaves' },
    writesResponse: true,
    errors: [400, 401, 429, 503],
  })
  async open(
    @Req() request: FastifyRequest,
    @CurrentUserId() userId: number,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const from = this.streams.resumePoint(request, validateQuery(liveQuery, query).lastEventId);
    await this.streams.open(request, reply, userId, from, (delivery) => delivery.frame);
  }
}
