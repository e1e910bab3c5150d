import {
  DEAD_LETTER_AFTER_DELIVERIES,
  DEAD_LETTER_ERROR_CHARS,
  deadLetterFilter,
  deadLetterHeaders,
  deadLettersStream,
  deadLetterSubject,
  durableName,
  eventsStream,
  namespaced,
  type DeadLetterReason,
  type EventEnvelope,
  type EventSubject,
  type ServiceName,
} from '@promptlib/proto';
import {
  ConsumerEvents,
  headers as natsHeaders,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { latest, withTimeout } from '../health/scrape-reads';
import { BackgroundLoop } from '../lifecycle/background-loop';
import { isNatsReady } from '../nats/connect';
import { backoffDelay } from '../outbox/backoff';
import {
  SpanKind,
  extractTraceContext,
  injectTraceContext,
  inSpan,
  linksTo,
  natsSpanAttributes,
} from '../tracing/trace-context';
import { ensureDurableConsumer } from './durable-consumer';
import { parseEvent } from './parse-event';

export type EventHandlers = { [S in EventSubject]?: (event: EventEnvelope<S>) => Promise<void> };

const CAUGHT_UP_POLL_MS = 100;

export type EventConsumerOptions = {
  connection: NatsConnection;
  namespace: string;
  service: ServiceName;
  handlers: EventHandlers;
  logger: Logger;
  /** Where the consumer's lag is reported (`events_consumer_pending_events`). */
  metrics: Registry;
  ackWaitMs?: number;
  maxRedeliveryDelayMs?: number;
  /**
   * Whether everything the service depends on is up (its readiness). A handler that fails while
   * it is not (Postgres away, say) is not at fault: that delivery never counts toward giving the
   * event up. Without it, every failure counts.
   */
  dependenciesReady?: () => Promise<boolean>;
  /** Deliveries after which a failing event is given up (DEAD_LETTER_AFTER_DELIVERIES). */
  deadLetterAfter?: number;
};

type AnyEventHandler = (event: EventEnvelope) => Promise<void>;

// Handlers run one at a time, so a large buffer would only age past ack_wait and be redelivered
// to another replica; a small one keeps the pipe full and lets replicas share the load.
const PULL_BATCH = 10;
const FIRST_REDELIVERY_MS = 500;
const FIRST_RECOVERY_MS = 500;
const MAX_RECOVERY_MS = 10_000;
const ACK_FLUSH_TIMEOUT_MS = 2_000;
// A scrape must not wait for a NATS that is away; the gauge then keeps its last reading.
const LAG_READ_TIMEOUT_MS = 1_000;

/**
 * A service's durable pull consumer on the namespace's EVENTS stream, shared by its replicas. Each
 * replica handles one event at a time and acks it only after its handler succeeded, so delivery is
 * at least once: handlers must be idempotent and ignore versions they already hold. A failed
 * handling is retried, backing off. Events that can never be applied go to the service's dead
 * letters (deadLettersStream) and are terminated, so they hold up nothing behind them and an
 * operator can replay them once the cause is fixed: an event whose envelope or data is off its
 * type's schema (eventDataSchemas) at once, without reaching a handler; one whose handler failed
 * `deadLetterAfter` times while the service's dependencies were up.
 */
export class EventConsumer {
  private readonly connection: NatsConnection;
  private readonly jetstream: JetStreamClient;
  private readonly handlers: EventHandlers;
  /** Namespaced subject → event type, for every type that has a handler. */
  private readonly types: Map<string, EventSubject>;
  private readonly streamName: string;
  private readonly durable: string;
  private readonly logger: Logger;
  private readonly ackWaitMs: number;
  private readonly maxRedeliveryDelayMs: number;
  private readonly namespace: string;
  private readonly service: ServiceName;
  private readonly dependenciesReady: () => Promise<boolean>;
  private readonly deadLetterAfter: number;

  private readonly loop: BackgroundLoop;
  private manager: JetStreamManager | undefined;
  private messages: ConsumerMessages | undefined;
  private started = false;
  private failures = 0;
  private recreate = false;

  constructor(options: EventConsumerOptions) {
    const handled = (Object.keys(options.handlers) as EventSubject[]).filter(
      (type) => options.handlers[type],
    );
    if (handled.length === 0) throw new Error(`${options.service} event consumer has no handlers`);
    this.connection = options.connection;
    this.jetstream = options.connection.jetstream();
    this.handlers = options.handlers;
    this.types = new Map(handled.map((type) => [namespaced(options.namespace, type), type]));
    this.streamName = eventsStream(options.namespace).name;
    this.durable = durableName(options.service);
    this.logger = options.logger.child({ component: 'event-consumer', durable: this.durable });
    this.ackWaitMs = options.ackWaitMs ?? 30_000;
    this.maxRedeliveryDelayMs = options.maxRedeliveryDelayMs ?? 10_000;
    this.namespace = options.namespace;
    this.service = options.service;
    this.dependenciesReady = options.dependenciesReady ?? (() => Promise.resolve(true));
    this.deadLetterAfter = options.deadLetterAfter ?? DEAD_LETTER_AFTER_DELIVERIES;
    this.reportLag(options.metrics);
    this.reportDeadLetters(options.metrics);
    this.loop = new BackgroundLoop({
      step: () => this.consumeUntilLost(),
      // Once the connection's owner drains or closes it, there is nothing left to consume.
      isActive: () => !this.connection.isClosed() && !this.connection.isDraining(),
    });
  }

  /** Creates or updates the durable, then consumes in the background. Fails if the stream is missing. */
  async start(): Promise<void> {
    if (this.started) return;
    this.manager ??= await this.connection.jetstreamManager();
    await this.ensureConsumer();
    this.started = true;
    this.failures = 0;
    this.recreate = false;
    this.loop.start();
    // A connection closed under a running consumer would otherwise leave consume() waiting forever.
    void this.connection.closed().then(() => this.halt());
  }

  /**
   * Resolves once every event in the stream for this durable has been handled and acked, or once
   * `timeoutMs` has passed; answers which. For a service that must not answer from a projection
   * that is behind (after being down while events were published).
   */
  async caughtUp(timeoutMs: number): Promise<boolean> {
    if (!this.manager) throw new Error('EventConsumer.start() was not called');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await this.manager.consumers.info(this.streamName, this.durable);
      if (info.num_pending === 0 && info.num_ack_pending === 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_POLL_MS));
    }
  }

  /**
   * How far the service is behind the stream: read from the durable's info at scrape time, so a
   * replica that is stuck (or a handler that fails every time) shows, whichever replica is scraped.
   */
  private reportLag(registry: Registry): void {
    this.durableGauge(registry, {
      name: 'events_consumer_pending_events',
      help: "Events this service's durable consumer has yet to handle: not delivered yet, or delivered and not acknowledged",
      read: async (manager) => {
        const info = await manager.consumers.info(this.streamName, this.durable);
        return info.num_pending + info.num_ack_pending;
      },
    });
  }

  /**
   * How many of this service's events wait in the dead letters, from the stream's count per subject:
   * any at all is an alert, whichever replica is scraped.
   */
  private reportDeadLetters(registry: Registry): void {
    const stream = deadLettersStream(this.namespace).name;
    const filter = deadLetterFilter(this.namespace, this.service);
    this.durableGauge(registry, {
      name: 'events_dead_letters',
      help: 'Events this service gave up (off their contract, or failing every retry) that wait in the dead letters for a replay',
      read: async (manager) => {
        const { state } = await manager.streams.info(stream, { subjects_filter: filter });
        return Object.values(state.subjects ?? {}).reduce((sum, count) => sum + count, 0);
      },
    });
  }

  /**
   * A gauge labelled by the durable and read from NATS at scrape time, at most one read in flight.
   * Nothing is reported before the first reading (an unlabelled gauge would show 0 while NATS
   * cannot be asked), and a read NATS does not answer in time keeps the last one.
   */
  private durableGauge(
    registry: Registry,
    gauge: { name: string; help: string; read: (manager: JetStreamManager) => Promise<number> },
  ): void {
    const read = latest(async () => (this.manager ? gauge.read(this.manager) : undefined));
    const metric = new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: ['consumer'],
      registers: [registry],
      collect: async () => {
        const value = await withTimeout(read(), LAG_READ_TIMEOUT_MS).catch(() => undefined);
        if (value !== undefined) metric.set({ consumer: this.durable }, value);
      },
    });
  }

  /** Stops pulling and resolves once the event in flight, if any, has been handled and acked. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const stopped = this.halt();
    await stopped;
    // A round trip after the last ack proves the server has it before the caller closes the
    // connection; if it does not come back in time the event is merely redelivered.
    if (!this.connection.isClosed()) await isNatsReady(this.connection, ACK_FLUSH_TIMEOUT_MS);
  }

  private halt(): Promise<void> {
    const stopped = this.loop.stop();
    void this.messages?.close();
    return stopped;
  }

  private async ensureConsumer(): Promise<void> {
    if (!this.manager) throw new Error('EventConsumer.start() was not called');
    await ensureDurableConsumer(this.manager, {
      stream: this.streamName,
      durable: this.durable,
      subjects: [...this.types.keys()],
      ackWaitMs: this.ackWaitMs,
      serverVersion: this.connection.info?.version,
    });
  }

  /**
   * One pass of the loop: consumes until stopped or until the durable is lost. consume() rides out
   * reconnects by itself, but once the durable is deleted it only keeps polling for it; then the
   * next pass re-creates it (with deliver-all, so the stream is replayed, which idempotent
   * handlers absorb) and consumes again. Answers the back-off before that pass, so a durable that
   * keeps vanishing, or a failing server, is not hammered.
   */
  private async consumeUntilLost(): Promise<number> {
    try {
      if (this.recreate) {
        await this.ensureConsumer();
        this.logger.info('Event consumer re-created its durable');
      }
      this.recreate = false;
      const handled = await this.consume();
      if (!this.loop.isActive) return 0;
      // consume() ends while running only when the durable was lost (already logged by watch()).
      this.recreate = true;
      this.failures = handled > 0 ? 1 : this.failures + 1;
    } catch (error) {
      // Closing or draining the connection ends consume() with an error; that is not a failure.
      if (!this.loop.isActive) return 0;
      this.recreate = true;
      this.failures += 1;
      this.logger.warn({ err: error, attempt: this.failures }, 'Event consumer failed; retrying');
    }
    return backoffDelay(this.failures, FIRST_RECOVERY_MS, MAX_RECOVERY_MS);
  }

  /** Handles messages until stop() or the loss of the durable; answers how many it handled. */
  private async consume(): Promise<number> {
    const consumer = await this.jetstream.consumers.get(this.streamName, this.durable);
    const messages = await consumer.consume({ max_messages: PULL_BATCH });
    this.messages = messages;
    // stop() may have run while consume() was being set up, before it could close these.
    if (!this.loop.isRunning) void messages.close();
    void this.watch(messages);
    let handled = 0;
    try {
      for await (const message of messages) {
        if (this.loop.isRunning) {
          await this.handle(message);
          handled += 1;
        } else {
          // Messages buffered when stop() came go straight back to the other replicas.
          message.nak();
        }
      }
    } finally {
      this.messages = undefined;
    }
    return handled;
  }

  private async watch(messages: ConsumerMessages): Promise<void> {
    for await (const status of await messages.status()) {
      if (status.type === ConsumerEvents.ConsumerDeleted || status.type === ConsumerEvents.ConsumerNotFound) {
        this.logger.warn({ status: status.type }, 'Event consumer lost its durable; re-creating it');
        void messages.close();
        return;
      }
      if (status.type === ConsumerEvents.HeartbeatsMissed) {
        this.logger.debug(
          { missed: status.data },
          'Event consumer missed heartbeats; consume() resets itself',
        );
      }
    }
  }

  /** Acks, naks or terminates the message; never throws. */
  private async handle(message: JsMsg): Promise<void> {
    const type = this.types.get(message.subject);
    if (!type) {
      // Only where the server cannot filter (see filterConfig): not ours, so done with it.
      message.ack();
      return;
    }
    const parsed = parseEvent(message.string(), type);
    if ('malformed' in parsed) {
      // Retrying cannot fix it, and no handler may see it: of another type, or data off its contract.
      const { eventId, fields } = parsed.malformed;
      const fieldList = Object.entries(fields)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('; ');
      this.logger.warn(
        { subject: message.subject, streamSequence: message.info.streamSequence, eventId, fields },
        'Event is malformed; terminating it',
      );
      // Where it cannot be kept, it still goes: it holds nothing a handler could ever apply.
      await this.giveUp(message, type, 'malformed', `Off the contract of ${type}: ${fieldList}`);
      message.term();
      return;
    }
    const envelope = parsed.event;
    // The handler under a key takes that key's envelope, and this envelope's type is that key.
    const handler = this.handlers[type] as AnyEventHandler;

    // A handler slower than ack_wait would otherwise get its event redelivered to another replica.
    const progress = setInterval(() => message.working(), Math.max(1_000, this.ackWaitMs / 2));
    // The handling joins the trace of the change that wrote the event, and links to its span.
    const writer = extractTraceContext(message.headers);
    const span = {
      kind: SpanKind.CONSUMER,
      parent: writer,
      links: linksTo(writer),
      attributes: {
        ...natsSpanAttributes(type),
        'messaging.consumer.group.name': this.durable,
        'messaging.message.id': envelope.id,
      },
    };
    try {
      await inSpan(`process ${type}`, span, () => handler(envelope));
      message.ack();
    } catch (error) {
      const attempt = message.info.redeliveryCount;
      if (attempt >= this.deadLetterAfter && (await this.dependenciesReady().catch(() => false))) {
        const reason = error instanceof Error ? error.message : String(error);
        if (await this.giveUp(message, type, 'failed', reason)) {
          message.term();
          return;
        }
      }
      const delayMs = backoffDelay(attempt, FIRST_REDELIVERY_MS, this.maxRedeliveryDelayMs);
      this.logger.warn(
        { err: error, eventId: envelope.id, type: envelope.type, attempt, delayMs },
        'Event handler failed; redelivering',
      );
      message.nak(delayMs);
    } finally {
      clearInterval(progress);
    }
  }

  /**
   * Puts the event in the service's dead letters with why, under an id of its stream sequence (a
   * second try after a lost answer is dropped as a duplicate); answers whether it is there.
   */
  private async giveUp(
    message: JsMsg,
    type: EventSubject,
    reason: DeadLetterReason,
    error: string,
  ): Promise<boolean> {
    const headers = natsHeaders();
    // The writer's trace goes with it, so a replayed event joins the trace that wrote it.
    injectTraceContext(headers, extractTraceContext(message.headers));
    headers.set(deadLetterHeaders.reason, reason);
    // A header is one line.
    headers.set(deadLetterHeaders.error, error.replace(/\s+/g, ' ').slice(0, DEAD_LETTER_ERROR_CHARS));
    headers.set(deadLetterHeaders.deliveries, String(message.info.redeliveryCount));
    headers.set(deadLetterHeaders.eventSequence, String(message.info.streamSequence));
    const where = { type, streamSequence: message.info.streamSequence, reason };
    try {
      await this.jetstream.publish(deadLetterSubject(this.namespace, this.service, type), message.data, {
        headers,
        msgID: `${this.durable}.${message.info.streamSequence}`,
        expect: { streamName: deadLettersStream(this.namespace).name },
      });
      this.logger.error({ ...where, error }, 'Event given up: it waits in the dead letters for a replay');
      return true;
    } catch (publishError) {
      this.logger.error({ ...where, err: publishError }, 'Event could not be put in the dead letters');
      return false;
    }
  }
}
