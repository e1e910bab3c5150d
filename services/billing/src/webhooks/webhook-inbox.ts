import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, METRICS, ROOT_LOGGER, serviceError } from '@promptlib/platform';
import { billingMessages, type ParsedRequestOf, type WebhookReceived, type subjects } from '@promptlib/proto';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { StripeApi } from '../stripe/stripe-api';
import { StripeEventQueue } from './stripe-event-queue';

export type IngestWebhookRequest = ParsedRequestOf<typeof subjects.billing.webhooksIngest>;

const INBOX = '"billing"."stripe_events"';

/**
 * Where Stripe's webhooks land: verified with the webhook secret (which only billing holds; events
 * signed more than 5 minutes ago are refused), stored once in the inbox, and queued. Stripe is told
 * the event arrived only after that, so an event billing could not store is sent again by Stripe.
 */
@Injectable()
export class WebhookInbox {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(METRICS) registry: Registry,
    private readonly stripe: StripeApi,
    private readonly queue: StripeEventQueue,
  ) {
    new Gauge({
      name: 'billing_stripe_inbox_oldest_unprocessed_seconds',
      help: 'Age of the oldest Stripe event stored but not yet applied (0: none)',
      registers: [registry],
      collect: async function (this: Gauge) {
        const [row] = await dataSource.query<{ age: number | null }[]>(
          `SELECT EXTRACT(EPOCH FROM now() - min("received_at"))::float8 AS age
           FROM ${INBOX} WHERE "processed_at" IS NULL`,
        );
        this.set(row?.age ?? 0);
      },
    });
  }

  async ingest({ payloadBase64, signature }: IngestWebhookRequest): Promise<WebhookReceived> {
    const event = this.stripe.verifyWebhook(Buffer.from(payloadBase64, 'base64'), signature);
    try {
      const [stored] = await this.dataSource.query<{ processed: boolean }[]>(
        `WITH inserted AS (
           INSERT INTO ${INBOX} ("id", "type", "payload") VALUES ($1, $2, $3)
           ON CONFLICT ("id") DO NOTHING RETURNING false AS processed)
         SELECT processed FROM inserted
         UNION ALL SELECT "processed_at" IS NOT NULL FROM ${INBOX} WHERE "id" = $1
         LIMIT 1`,
        [event.id, event.type, JSON.stringify(event)],
      );
      // No row: a delivery running alongside stored it after this statement began; queueing twice is harmless.
      if (!stored?.processed) await this.queue.add(event.id);
    } catch (error) {
      this.logger.error(
        { err: error, eventId: event.id },
        'Stripe event not stored; Stripe will send it again',
      );
      throw serviceError('SERVICE_UNAVAILABLE', billingMessages.webhookNotStored);
    }
    return { received: true };
  }
}
