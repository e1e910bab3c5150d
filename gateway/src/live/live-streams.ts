import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import { commonMessages, liveLimits } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { bearerKeyOf } from '../api-keys/api-key-authentication';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { ApiException } from '../common/api-exception';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { Sessions } from '../session/sessions';
import { parseEventId, type FeedPosition } from './live-changes';
import { LiveFeed, type Delivery, type Subscription } from './live-feed';
import { OpenFeeds } from './open-feeds';

/** How long a request waits for a replica that just started to have read the stream. */
const CURRENT_WAIT_MS = 5_000;
/** A reader this far behind (a stalled connection) is ended; it resumes once it reconnects. */
const MAX_UNSENT_BYTES = 1024 * 1024;

type OpenStream = {
  userId: number;
  feedId: string;
  subscription: Subscription;
  write: (text: string) => void;
  end: () => void;
  stillSignedIn: () => Promise<boolean>;
};

/**
 * The user's changes kept flowing to an open answer as Server-Sent Events: the web app's feed
 * (GET /api/events) and the MCP server's notifications (GET /mcp), each saying a change in its own
 * terms. Every stream counts toward the user's cap across replicas and gets a comment line each
 * heartbeat, which also ends streams whose session or key has ended.
 */
@Injectable()
export class LiveStreams implements OnModuleInit, OnModuleDestroy {
  private readonly streams = new Map<string, OpenStream>();
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
    // Three heartbeats: a replica that died frees its streams' places that long after.
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

  /** `Last-Event-ID` first (a client's reconnect), else `fromQuery`; one not ours is a 400. */
  resumePoint(request: FastifyRequest, fromQuery?: string): FeedPosition | null {
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

  /**
   * Answers the request with the user's changes from `from` on, each as `render` says it (null
   * leaves it out), until the client leaves. Throws 503 while this replica has not read the stream
   * yet, and 429 when the user holds their cap of streams already.
   */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    from: FeedPosition | null,
    render: (delivery: Delivery) => string | null,
  ): Promise<void> {
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
      this.streams.get(id)?.subscription.unsubscribe();
      this.streams.delete(id);
      if (!raw.writableEnded) raw.end();
      void this.openFeeds.release(userId, id).catch(() => undefined);
    };
    const write = (text: string) => {
      if (closed) return;
      if (raw.writableLength > MAX_UNSENT_BYTES) return end();
      raw.write(text);
    };
    raw.on('close', end);
    const subscription = this.feed.subscribe(
      userId,
      from,
      (delivery) => {
        const text = render(delivery);
        if (text !== null) write(text);
      },
      end,
    );
    this.streams.set(id, {
      feedId: id,
      userId,
      subscription,
      write,
      end,
      stillSignedIn: this.signInCheck(request),
    });
    if (closed) subscription.unsubscribe();
  }

  private signInCheck(request: FastifyRequest): () => Promise<boolean> {
    const sessionId = request.sessionId;
    if (sessionId) return () => this.sessions.isOpen(sessionId);
    const key = bearerKeyOf(request.headers.authorization);
    if (key) return async () => (await this.verifier.verify(key)) !== null;
    return async () => false;
  }

  /** A comment line to every stream, their places renewed, and the streams of ended sign-ins ended. */
  private async beat(): Promise<void> {
    const streams = [...this.streams.values()];
    for (const stream of streams) stream.write(':\n\n');
    try {
      await this.openFeeds.renew(streams, this.leaseMs);
      const checks = await Promise.all(streams.map((stream) => stream.stillSignedIn().catch(() => true)));
      streams.forEach((stream, index) => {
        if (!checks[index]) stream.end();
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'Live feeds’ heartbeat could not reach Redis');
    }
  }
}
