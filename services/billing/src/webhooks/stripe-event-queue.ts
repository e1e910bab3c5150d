import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { METRICS, ROOT_LOGGER, bullMqPrefix, createBullMqConnection, withTimeout } from '@promptlib/platform';
import { Queue, Worker, type Job } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing-config';
import { StripeEventProcessor } from './stripe-event-processor';

export const STRIPE_EVENTS_QUEUE = 'stripe-events';

type StripeEventJob = { eventId: string };

// Ten attempts over about seventeen minutes; after that the job stays failed (and counted) until
// the sweep tries it again.
const ATTEMPTS = 10;
const BACKOFF_MS = 1_000;
const WORKER_CONCURRENCY = 4;
// A queue command waits while Redis reconnects; a webhook, a sweep or a scrape must not wait that long.
const QUEUE_TIMEOUT_MS = 3_000;
// A failed job is tried again by the sweep once it has been failed this long.
const RETRY_FAILED_AFTER_MS = 10 * 60_000;

/**
 * A job carries the trace it was queued in (the webhook's request), and its processing, with the
 * Stripe calls and queries it makes, continues that trace. A no-op when no traces are recorded.
 */
const jobTraces = () => new BullMQOtel({ tracerName: 'billing' });

/**
 * The BullMQ queue `stripe-events` (under the namespace's prefix, on connections of its own) and
 * its worker, which applies each stored event. A job's id is the event's id, so the same event is
 * never queued twice at once; the inbox, not the queue, is what makes an event's effect happen once.
 */
@Injectable()
export class StripeEventQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly connections: Redis[] = [];
  private readonly queue: Queue<StripeEventJob>;
  private worker: Worker<StripeEventJob> | undefined;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(METRICS) registry: Registry,
    private readonly processor: StripeEventProcessor,
  ) {
    this.queue = new Queue<StripeEventJob>(STRIPE_EVENTS_QUEUE, {
      connection: this.connection(),
      prefix: bullMqPrefix(config.APP_NAMESPACE),
      telemetry: jobTraces(),
      defaultJobOptions: {
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: BACKOFF_MS },
        removeOnComplete: true,
        // Failed jobs stay visible for a week (the inbox row stays unapplied, and the sweep retries).
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
    const queue = this.queue;
    new Gauge({
      name: 'billing_stripe_event_jobs',
      help: 'Jobs of the stripe-events queue by state',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        // A Redis that is away must not hang the scrape: the gauge then keeps its last reading.
        const counts = await withTimeout(
          queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
          QUEUE_TIMEOUT_MS,
        ).catch(() => null);
        for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
      },
    });
  }

  onApplicationBootstrap(): void {
    this.worker = new Worker<StripeEventJob>(
      STRIPE_EVENTS_QUEUE,
      (job: Job<StripeEventJob>) => this.processor.apply(job.data.eventId),
      {
        connection: this.connection(),
        prefix: bullMqPrefix(this.config.APP_NAMESPACE),
        concurrency: WORKER_CONCURRENCY,
        telemetry: jobTraces(),
      },
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      this.logger.warn(
        { err: error, eventId: job.data.eventId, attempt: job.attemptsMade },
        'Stripe event not applied; BullMQ tries again',
      );
      void this.processor.recordFailure(job.data.eventId, error).catch(() => undefined);
    });
    this.worker.on('error', (error) =>
      this.logger.warn({ err: error.message }, 'stripe-events worker error'),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    // Lets the jobs in hand finish (their database is closed only after this).
    await this.worker?.close();
    await this.queue.close();
    await Promise.allSettled(this.connections.map((connection) => connection.quit()));
  }

  /** Queues the event unless it is queued already. */
  async add(eventId: string): Promise<void> {
    await withTimeout(
      this.queue.add('apply', { eventId }, { jobId: eventId }),
      QUEUE_TIMEOUT_MS,
      'The queue',
    );
  }

  /**
   * For the sweep, of an inbox row still unapplied: queues it again if its job is gone (a lost
   * Redis, say), retries it if it failed long enough ago, and leaves it if it is on its way.
   */
  async requeue(eventId: string): Promise<'queued' | 'retried' | 'in-queue'> {
    const job = await withTimeout(this.queue.getJob(eventId), QUEUE_TIMEOUT_MS, 'The queue');
    if (!job) {
      await this.add(eventId);
      return 'queued';
    }
    if ((await job.isFailed()) && Date.now() - (job.finishedOn ?? 0) > RETRY_FAILED_AFTER_MS) {
      await withTimeout(job.retry('failed'), QUEUE_TIMEOUT_MS, 'The queue');
      return 'retried';
    }
    return 'in-queue';
  }

  private connection(): Redis {
    const connection = createBullMqConnection(this.config.REDIS_URL, this.logger);
    this.connections.push(connection);
    return connection;
  }
}
