import { eventsStream, namespaced } from '@promptlib/proto';
import { headers, type JetStreamClient, type MsgHdrs, type NatsConnection, type PubAck } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { Db } from '../database/db';
import { BackgroundLoop } from '../lifecycle/background-loop';
import {
  SpanKind,
  contextOfTraceparent,
  inSpan,
  injectTraceContext,
  natsSpanAttributes,
} from '../tracing/trace-context';
import { backoffDelay } from './backoff';
import type { OutboxMessage } from './outbox-message.entity';
import { OutboxRepository } from './outbox.repository';

export type OutboxRelayOptions = {
  dataSource: DataSource;
  connection: NatsConnection;
  namespace: string;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  maxBackoffMs?: number;
};

type BatchOutcome = { relayed: number; full: boolean; failure?: unknown };

/** Why publishing fails: the stream at its byte limit is told apart, as it needs an operator. */
type FailureKind = 'stream-full' | 'other';

const PUBLISH_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 200;
// JSStreamStoreFailedF: the stream did not store the message; its description says why.
const STREAM_STORE_FAILED = 10077;

/**
 * Moves committed outbox rows to the namespace's EVENTS stream, then deletes them. A row is
 * deleted only after JetStream acknowledged it, so nothing is lost; a row published but not
 * deleted (crash, failed commit) is published again with the same Nats-Msg-Id and dropped by the
 * stream's duplicate window. Rows are locked with SKIP LOCKED, so replicas share the work instead
 * of publishing the same row concurrently. A full stream (it discards new messages, not old ones)
 * refuses the publish like an outage: the rows stay and are retried with backoff until there is room.
 */
export class OutboxRelay {
  private readonly dataSource: DataSource;
  private readonly jetstream: JetStreamClient;
  private readonly namespace: string;
  private readonly streamName: string;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;

  private readonly loop: BackgroundLoop;
  private failures = 0;
  /** The kind of failure last warned about in the current run of failures. */
  private warnedAbout: FailureKind | undefined;
  /** Set by notify(): the next pass knows there are rows and does not look first. */
  private notified = false;

  constructor(options: OutboxRelayOptions) {
    this.dataSource = options.dataSource;
    this.jetstream = options.connection.jetstream();
    this.namespace = options.namespace;
    this.streamName = eventsStream(options.namespace).name;
    this.logger = options.logger.child({ component: 'outbox-relay' });
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.loop = new BackgroundLoop({
      step: () => this.relayOnce(),
      // During an outage the backoff decides: a burst of commits must not become a burst of retries.
      honoursWake: () => this.failures === 0,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Relay now instead of at the next poll, e.g. right after a transaction that wrote events commits. */
  notify(): void {
    this.notified = true;
    this.loop.wake();
  }

  /** Stops polling and resolves once the batch in flight, if any, has committed or rolled back. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Relays one batch and answers how long to wait before the next; never throws. */
  private async relayOnce(): Promise<number> {
    let outcome: BatchOutcome;
    try {
      outcome = await this.relayBatch();
    } catch (error) {
      outcome = { relayed: 0, full: false, failure: error };
    }
    if (outcome.failure === undefined) {
      if (this.failures > 0) {
        this.logger.info({ failedAttempts: this.failures }, 'Outbox relay recovered');
        this.failures = 0;
        this.warnedAbout = undefined;
      }
      return outcome.full ? 0 : this.pollIntervalMs;
    }
    this.failures += 1;
    const delayMs = backoffDelay(this.failures, FIRST_RETRY_MS, this.maxBackoffMs);
    const kind = failureKind(outcome.failure);
    const details = {
      err: outcome.failure,
      reason: failureReason(outcome.failure),
      relayed: outcome.relayed,
      attempt: this.failures,
      delayMs,
    };
    // One warning per outage (or per cause, when it changes); the retries that follow would only repeat it.
    if (kind !== this.warnedAbout) {
      this.warnedAbout = kind;
      if (kind === 'stream-full') {
        this.logger.warn(
          { ...details, stream: this.streamName },
          'Events stream is full; events wait in the outbox and are retried with backoff',
        );
      } else {
        this.logger.warn(details, 'Outbox relay failed; retrying with backoff');
      }
    } else {
      this.logger.debug(details, 'Outbox relay retry failed');
    }
    return delayMs;
  }

  private async relayBatch(): Promise<BatchOutcome> {
    const notified = this.notified;
    this.notified = false;
    // A poll, which no commit asked for, mostly finds the outbox empty: one prepared read says so,
    // where the locking batch took a transaction, three round trips and a query built anew (an
    // idle service spent about a quarter of its CPU on these, Postgres as much again).
    if (!notified && !(await new OutboxRepository(new Db(this.dataSource.manager)).hasPending())) {
      return { relayed: 0, full: false };
    }
    return this.dataSource.transaction(async (manager) => {
      const outbox = new OutboxRepository(new Db(manager));
      const rows = await outbox.lockOldest(this.batchSize);
      if (rows.length === 0) return { relayed: 0, full: false };

      // One connection keeps publish order; the acks are awaited together.
      const results = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const acknowledged = rows.filter((_, index) => results[index].status === 'fulfilled');
      if (acknowledged.length > 0) {
        await outbox.delete(acknowledged.map((row) => row.id));
      }
      const duplicates = results.filter(
        (result) => result.status === 'fulfilled' && result.value.duplicate,
      ).length;
      this.logger.debug({ relayed: acknowledged.length, duplicates }, 'Outbox batch relayed');
      const failed = results.find((result) => result.status === 'rejected');
      return {
        relayed: acknowledged.length,
        full: rows.length === this.batchSize,
        ...(failed ? { failure: failed.reason } : {}),
      };
    });
  }

  /**
   * An event written in a trace is published in a span of that trace, whose context goes with the
   * message, so each consumer's handling of it joins the trace of the change that caused it.
   */
  private publish(row: OutboxMessage): Promise<PubAck> {
    const subject = namespaced(this.namespace, row.subject);
    const send = (messageHeaders?: MsgHdrs) =>
      this.jetstream.publish(subject, JSON.stringify(row.payload), {
        msgID: row.id,
        expect: { streamName: this.streamName },
        timeout: PUBLISH_TIMEOUT_MS,
        ...(messageHeaders ? { headers: messageHeaders } : {}),
      });
    if (!row.traceContext) return send();
    const span = {
      kind: SpanKind.PRODUCER,
      parent: contextOfTraceparent(row.traceContext),
      attributes: natsSpanAttributes(row.subject),
    };
    return inSpan(`publish ${row.subject}`, span, () => {
      const messageHeaders = headers();
      injectTraceContext(messageHeaders);
      return send(messageHeaders);
    });
  }
}

type JetStreamApiError = { err_code?: number; description?: string };

function apiError(error: unknown): JetStreamApiError | undefined {
  return (error as { api_error?: JetStreamApiError } | undefined)?.api_error;
}

/**
 * A stream at its limit answers 503 with err_code 10077 and "maximum bytes exceeded" (or
 * "maximum messages exceeded"); the same code with another description is a failing store.
 */
function failureKind(error: unknown): FailureKind {
  const api = apiError(error);
  return api?.err_code === STREAM_STORE_FAILED &&
    /maximum (bytes|messages) exceeded/i.test(api.description ?? '')
    ? 'stream-full'
    : 'other';
}

/** The server's own words where it gave some: a JetStream error's message is only its status code. */
function failureReason(error: unknown): string {
  return apiError(error)?.description ?? (error as Error | undefined)?.message ?? String(error);
}
