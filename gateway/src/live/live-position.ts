import { LIVE_POSITION_HEADER } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { isApiPath, pathOf } from '../common/request-path';
import { formatEventId } from './live-changes';
import type { LiveFeed } from './live-feed';

/**
 * Every API answer says where this replica's feed stood as the request came in, before anything
 * was read for it: what the answer shows holds every change up to there, so a feed opened from
 * the earliest position a page saw misses nothing the page's reads did not show.
 */
export function livePosition(feed: Pick<LiveFeed, 'position'>): onRequestHookHandler {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const position = feed.position;
    if (position && isApiPath(pathOf(request.url)))
      reply.header(LIVE_POSITION_HEADER, formatEventId(position));
    done();
  };
}
