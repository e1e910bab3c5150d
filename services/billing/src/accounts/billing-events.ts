import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { EventConsumer, METRICS, NATS_CONNECTION, Readiness, ROOT_LOGGER } from '@promptlib/platform';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing-config';
import { AccountsService } from './accounts.service';

/**
 * The events billing listens to: auth's account deletions. A deletion Stripe could not take part
 * in (unreachable) fails and comes again; the handler is idempotent. Stripe is not among billing's
 * dependencies of readiness, so a deletion it refuses for minutes goes to the dead letters, which
 * alert, to be replayed once it answers.
 */
@Injectable()
export class BillingEvents implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(ROOT_LOGGER) logger: Logger,
    @Inject(METRICS) metrics: Registry,
    readiness: Readiness,
    @Inject(BILLING_CONFIG) config: BillingConfig,
    accounts: AccountsService,
  ) {
    this.consumer = new EventConsumer({
      connection,
      namespace: config.APP_NAMESPACE,
      service: 'billing',
      logger,
      metrics,
      // A handler that fails while Postgres (or NATS) is away is not at fault: it never gives up then.
      dependenciesReady: () => readiness.isReady(),
      handlers: {
        'events.user.deleted': (event) => accounts.userDeleted(event.data),
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
  }
}
