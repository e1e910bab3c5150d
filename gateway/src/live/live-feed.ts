import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { BackgroundLoop, NATS_CONNECTION, ROOT_LOGGER, parseEvent } from '@promptlib/platform';
import {
  eventsStream,
  liveLimits,
  namespaced,
  type EventSubject,
  type LiveChangeType,
} from '@promptlib/proto';
import { DeliverPolicy, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import {
  FEED_EVENT_TYPES,
  changeFrame,
  feedItemOf,
  formatEventId,
  resetFrame,
  streamEpoch,
  type FeedPosition,
} from './live-changes';
import { ReplayBuffer, type FeedEntry } from './replay-buffer';

/**
 * What a reader is handed: a change's SSE frame with its type and event id, or a reset (changes
 * were missed), so each kind of feed can say it in its own terms.
 */
export type Delivery = { frame: string; type: LiveChangeType | 'reset'; id: string };

/** One open feed: where its reader is, and how to hand it changes. */
export type FeedReader = {
  userId: number;
  /** The last sequence the reader has; nothing at or before it is sent again. */
  seq: number;
  send: (delivery: Delivery) => void;
  end: () => void;
};

export type Subscription = { unsubscribe: () => void };

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * The gateway replica's one reader of the events stream, which it hands to the feeds of the users
 * concerned (GET /api/events). Every replica reads the whole stream, so a change reaches a user's
 * feed on whichever replica holds it. It keeps the recent changes (liveLimits.replay*) to resume a
 * feed from its last event id, on this replica or another after a restart: it starts that far back
 * in the stream.
 */
@Injectable()
export class LiveFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly readers = new Map<number, Set<FeedReader>>();
  private readonly streamName: string;
  private readonly subjectTypes: Map<string, EventSubject>;
  private readonly logger: Logger;
  private readonly loop: BackgroundLoop;
  private buffer: ReplayBuffer | undefined;
  private epoch: string | undefined;
  /** The stream's last sequence when reading began: the feed is current once it has read it. */
  private catchUpTo = 0;
  private messages: ConsumerMessages | undefined;
  private failures = 0;
  private currentWaiters: (() => void)[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.streamName = eventsStream(config.APP_NAMESPACE).name;
    this.subjectTypes = new Map(
      FEED_EVENT_TYPES.map((type) => [namespaced(config.APP_NAMESPACE, type), type]),
    );
    this.logger = logger.child({ component: 'live-feed' });
    this.loop = new BackgroundLoop({
      step: () => this.readUntilLost(),
      isActive: () => !this.nats.isClosed() && !this.nats.isDraining(),
    });
  }

  /** In the background: the gateway serves everything else while the stream is not there yet. */
  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Ends every feed (their browsers reconnect to another replica and resume) and stops reading. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const readers of this.readers.values()) for (const reader of readers) reader.end();
    this.readers.clear();
    const stopped = this.loop.stop();
    void this.messages?.close();
    await stopped;
  }

  /** Whether the feed has read the stream up to where it was when reading began. */
  get isCurrent(): boolean {
    return this.buffer !== undefined && this.buffer.newest >= this.catchUpTo;
  }

  /** Resolves true once current, or false after `timeoutMs`. */
  async whenCurrent(timeoutMs: number): Promise<boolean> {
    if (this.isCurrent) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.isCurrent), timeoutMs);
      this.currentWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The position a new feed starts from: the newest sequence read. */
  get position(): FeedPosition | null {
    return this.buffer && this.epoch ? { epoch: this.epoch, seq: this.buffer.newest } : null;
  }

  /**
   * Adds a reader. From `from` (its last event id), the changes it missed are sent first; where
   * they cannot be (another stream, or further back than the replay), it is sent a reset and goes
   * on from now. Synchronous, so no event falls between the replay and the live changes.
   */
  subscribe(
    userId: number,
    from: FeedPosition | null,
    send: (delivery: Delivery) => void,
    end: () => void,
  ): Subscription {
    const position = this.position;
    if (!position || !this.buffer) throw new Error('LiveFeed.subscribe() before the feed is current');
    const reader: FeedReader = { userId, seq: position.seq, send, end };
    if (from) {
      const missed = from.epoch === position.epoch ? this.buffer.after(userId, from.seq) : null;
      if (missed === null) {
        send({ frame: resetFrame(position), type: 'reset', id: formatEventId(position) });
      } else {
        for (const entry of missed) send(this.deliveryOf(entry));
        // A reader ahead of this replica (it read further on another) skips what it already has.
        reader.seq = Math.max(from.seq, missed.at(-1)?.seq ?? from.seq);
      }
    }
    let readers = this.readers.get(userId);
    if (!readers) this.readers.set(userId, (readers = new Set()));
    readers.add(reader);
    return {
      unsubscribe: () => {
        readers.delete(reader);
        if (readers.size === 0 && this.readers.get(userId) === readers) this.readers.delete(userId);
      },
    };
  }

  private async readUntilLost(): Promise<number> {
    try {
      await this.read();
      this.failures = 0;
    } catch (error) {
      if (!this.loop.isActive) return 0;
      this.failures += 1;
      this.logger.warn(
        { err: error, attempt: this.failures },
        'Live feed cannot read the events stream; retrying',
      );
    }
    return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(this.failures, 5));
  }

  private async read(): Promise<void> {
    const manager = await this.nats.jetstreamManager();
    const { created, state } = await manager.streams.info(this.streamName);
    const epoch = streamEpoch(created);
    const startSeq = Math.max(state.first_seq, state.last_seq - liveLimits.replayEvents + 1, 1);
    if (epoch !== this.epoch || !this.buffer) {
      this.epoch = epoch;
      this.buffer = new ReplayBuffer(
        { maxEvents: liveLimits.replayEvents, maxBytes: liveLimits.replayBytes },
        startSeq,
      );
    }
    this.catchUpTo = state.last_seq;
    // On a second pass (the connection was lost), reading goes on after what was read.
    const from = Math.max(startSeq, this.buffer.newest + 1);
    const consumer = await this.nats.jetstream().consumers.get(this.streamName, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: from,
    });
    const messages = await consumer.consume();
    this.messages = messages;
    if (!this.loop.isRunning) void messages.close();
    this.noteIfCurrent();
    for await (const message of messages) {
      this.accept(message);
      this.noteIfCurrent();
    }
  }

  private accept(message: JsMsg): void {
    const buffer = this.buffer!;
    const seq = message.info.streamSequence;
    const type = this.subjectTypes.get(message.subject);
    const parsed = type ? parseEvent(message.string(), type) : null;
    if (!parsed || 'malformed' in parsed) {
      // Nobody's feed may see it; its fields say what is wrong, never its text.
      if (parsed)
        this.logger.warn({ streamSequence: seq, ...parsed.malformed }, 'Event is malformed; not shown');
      buffer.advance(seq);
      return;
    }
    const item = feedItemOf(parsed.event);
    if (item.kind === 'none') {
      buffer.advance(seq);
      return;
    }
    const readers = this.readers.get(item.userId);
    if (item.kind === 'userDeleted') {
      buffer.advance(seq);
      for (const reader of readers ?? []) reader.end();
      this.readers.delete(item.userId);
      return;
    }
    const entry: FeedEntry = {
      seq,
      userId: item.userId,
      frame: changeFrame({ epoch: this.epoch!, seq }, item.change),
      type: item.change.type,
    };
    buffer.advance(seq, entry);
    if (!readers) return;
    const delivery = this.deliveryOf(entry);
    for (const reader of readers) {
      if (reader.seq >= seq) continue;
      reader.seq = seq;
      reader.send(delivery);
    }
  }

  private deliveryOf(entry: FeedEntry): Delivery {
    return {
      frame: entry.frame,
      type: entry.type,
      id: formatEventId({ epoch: this.epoch!, seq: entry.seq }),
    };
  }

  private noteIfCurrent(): void {
    if (!this.isCurrent || this.currentWaiters.length === 0) return;
    const waiters = this.currentWaiters;
    this.currentWaiters = [];
    for (const waiter of waiters) waiter();
  }
}
