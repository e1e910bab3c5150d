import { Inject, Injectable } from '@nestjs/common';
import { METRICS, ROOT_LOGGER, serviceError } from '@promptlib/platform';
import { billingMessages, type ParsedRequestOf, type WebhookReceived, type subjects } from '@promptlib/proto';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { StripeApi } from '../stripe/stripe-api';
import { StripeEventQueue } from './stripe-event-queue';

export type IngestWebhookRequest = ParsedRequestOf<typeof subjects.billing.webhooksIngest>;

/**
 * Where Stripe's webhooks land: verified with the webhook secret (which only billing holds; events
 * signed more than 5 minutes ago are refused), stored once in the inbox, and queued. Stripe is told
 * the event arrived only after that, so an event billing could not store is sent again by Stripe.
 */
@Injectable()
export class WebhookInbox {
  constructor(
    @Inject(BILLING_DATA) private readonly data: BillingData,
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
        this.set(await data.direct.stripeEvents.oldestUnprocessedAge());
      },
    });
  }

  async ingest({ payloadBase64, signature }: IngestWebhookRequest): Promise<WebhookReceived> {
    const event = this.stripe.verifyWebhook(Buffer.from(payloadBase64, 'base64'), signature);
    try {
      const stored = await this.data.direct.stripeEvents.store(event);
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
