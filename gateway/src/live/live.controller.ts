import {
  Controller,
  Get,
  Inject,
  Query,
  Req,
  Res,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import { commonMessages, liveLimits } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { bearerKeyOf } from '../api-keys/api-key-authentication';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import { ApiDoc } from '../common/api-doc.decorator';
import { ApiException } from '../common/api-exception';
import { validateQuery } from '../common/validate-body';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { CurrentUserId } from '../session/current-user.decorator';
import { Sessions } from '../session/sessions';
import { SignedIn } from '../session/signed-in.decorator';
import { parseEventId, type FeedPosition } from './live-changes';
import { LiveFeed, type Subscription } from './live-feed';
import { OpenFeeds } from './open-feeds';

const liveQuery = z.strictObject({
  // Where a client that cannot set the Last-Event-ID header (a new EventSource) resumes from.
  lastEventId: z.string().max(40).optional(),
});

/** How long a request waits for a replica that just started to have read the stream. */
const CURRENT_WAIT_MS = 5_000;
/** A reader this far behind (a stalled connection) is ended; it resumes once it reconnects. */
const MAX_UNSENT_BYTES = 1024 * 1024;

type OpenFeed = {
  feedId: string;
  userId: number;
  subscription: Subscription;
  write: (text: string) => void;
  end: () => void;
  stillSignedIn: () => Promise<boolean>;
};

/**
 * The signed-in user's own changes as Server-Sent Events, from every device and replica, resumed
 * from `Last-Event-ID` without a gap or a repeat. Every feed gets a comment line each heartbeat,
 * which also ends feeds whose session or key has ended.
 */
@KeysAllowed()
@Controller('api/events')
export class LiveController implements OnModuleInit, OnModuleDestroy {
  private readonly feeds = new Map<string, OpenFeed>();
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly feed: LiveFeed,
    private readonly openFeeds: OpenFeeds,
    private readonly sessions: Sessions,
    private readonly verifier: ApiKeyVerifier,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.heartbeatMs = config.LIVE_HEARTBEAT_SECONDS * 1000;
    // Three heartbeats: a replica that died frees its feeds' places that long after.
    this.leaseMs = this.heartbeatMs * 3;
    this.logger = logger.child({ component: 'live' });
  }

  onModuleInit(): void {
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
  }

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
    const from = this.resumePoint(request, validateQuery(liveQuery, query).lastEventId);
    if (!(await this.feed.whenCurrent(CURRENT_WAIT_MS)))
      throw new ApiException(503, 'SERVICE_UNAVAILABLE', commonMessages.unavailable, undefined, {
        retryAfterSeconds: 2,
      });
    const id = randomUUID();
    if (!(await this.openFeeds.claim(userId, id, this.leaseMs)))
      throw new ApiException(
        429,
        'RATE_LIMITED',
        `At most ${liveLimits.streamsPerUser} live connections are open per account. Close a tab or device, then try again.`,
        undefined,
        { retryAfterSeconds: Math.ceil(this.leaseMs / 1000) },
      );

    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      // nginx (the chart's ingress) would otherwise hold the events back in its buffer.
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: ${liveLimits.reconnectMs}\n\n`);
    raw.socket?.setNoDelay(true);

    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      this.feeds.get(id)?.subscription.unsubscribe();
      this.feeds.delete(id);
      if (!raw.writableEnded) raw.end();
      void this.openFeeds.release(userId, id).catch(() => undefined);
    };
    const write = (text: string) => {
      if (closed) return;
      if (raw.writableLength > MAX_UNSENT_BYTES) return end();
      raw.write(text);
    };
    raw.on('close', end);
    const subscription = this.feed.subscribe(userId, from, write, end);
    this.feeds.set(id, {
      feedId: id,
      userId,
      subscription,
      write,
      end,
      stillSignedIn: this.signInCheck(request),
    });
    if (closed) subscription.unsubscribe();
  }

  /** `Last-Event-ID` first (the browser's reconnect), else the query's; one not ours is a 400. */
  private resumePoint(request: FastifyRequest, fromQuery: string | undefined): FeedPosition | null {
    const header = request.headers['last-event-id'];
    const given = typeof header === 'string' && header !== '' ? header : fromQuery;
    if (given === undefined || given === '') return null;
    const position = parseEventId(given);
    if (!position)
      throw new ApiException(400, 'VALIDATION_FAILED', 'Last-Event-ID must be an id this feed sent.', {
        lastEventId: { message: 'Last-Event-ID must be an id this feed sent.', rule: 'invalid' },
      });
    return position;
  }

  private signInCheck(request: FastifyRequest): () => Promise<boolean> {
    const sessionId = request.sessionId;
    if (sessionId) return () => this.sessions.isOpen(sessionId);
    const key = bearerKeyOf(request.headers.authorization);
    if (key) return async () => (await this.verifier.verify(key)) !== null;
    return async () => false;
  }

  /** A comment line to every feed, their places renewed, and the feeds of ended sign-ins ended. */
  private async beat(): Promise<void> {
    const feeds = [...this.feeds.values()];
    for (const feed of feeds) feed.write(':\n\n');
    try {
      await this.openFeeds.renew(feeds, this.leaseMs);
      const checks = await Promise.all(feeds.map((feed) => feed.stillSignedIn().catch(() => true)));
      feeds.forEach((feed, index) => {
        if (!checks[index]) feed.end();
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'Live feeds’ heartbeat could not reach Redis');
    }
  }
}
