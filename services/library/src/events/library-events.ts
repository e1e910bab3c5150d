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
import { AccountsService } from '../accounts/accounts.service';
import { CategoriesService } from '../categories/categories.service';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { TiersService } from '../tiers/tiers.service';

/**
 * The events the library listens to: a new user gets General (even if registration could not wait
 * for it), and billing's tier changes feed the projection. Both handlers are idempotent.
 */
@Injectable()
export class LibraryEvents implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(ROOT_LOGGER) logger: Logger,
    @Inject(METRICS) metrics: Registry,
    readiness: Readiness,
    @Inject(LIBRARY_CONFIG) config: LibraryConfig,
    categories: CategoriesService,
    tiers: TiersService,
    accounts: AccountsService,
  ) {
    this.consumer = new EventConsumer({
      connection,
      namespace: config.APP_NAMESPACE,
      service: 'library',
      logger,
      metrics,
      // A handler that fails while Postgres (or NATS) is away is not at fault: it never gives up then.
      dependenciesReady: () => readiness.isReady(),
      handlers: {
        'events.user.registered': async (event) => {
          // Redelivered after the account was deleted: nothing may be made for it again.
          if (await accounts.isErased(event.data.userId)) return;
          await categories.ensureDefault({ userId: event.data.userId });
        },
        'events.user.deleted': (event) => accounts.userDeleted(event.data),
        'events.tier.changed': async (event) => {
          await tiers.applyTierChanged(event.data);
        },
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
