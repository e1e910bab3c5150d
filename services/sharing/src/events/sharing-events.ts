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
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';
import { AccountsService } from '../accounts/accounts.service';
import { PromptTextsService } from '../prompt-texts/prompt-texts.service';

// How long a starting replica waits for the events it missed before it answers anyone.
const CATCH_UP_MS = 20_000;

/**
 * The library's prompt events, which feed the read model of shared texts, and auth's account
 * deletions; every handler is idempotent.
 */
@Injectable()
export class SharingEvents implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(METRICS) metrics: Registry,
    readiness: Readiness,
    @Inject(SHARING_CONFIG) config: SharingConfig,
    promptTexts: PromptTextsService,
    accounts: AccountsService,
  ) {
    this.consumer = new EventConsumer({
      connection,
      namespace: config.APP_NAMESPACE,
      service: 'sharing',
      logger,
      metrics,
      // A handler that fails while Postgres (or NATS) is away is not at fault: it never gives up then.
      dependenciesReady: () => readiness.isReady(),
      handlers: {
        'events.prompt.updated': ({ data }) => promptTexts.promptUpdated(data),
        'events.prompt.deleted': ({ data }) => promptTexts.promptDeleted(data),
        'events.category.deleted': ({ data }) => promptTexts.categoryDeleted(data),
        'events.user.deleted': ({ data }) => accounts.userDeleted(data),
      },
    });
  }

  /** Before the service answers: a replica that was down must not serve text its events have replaced. */
  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
    if (!(await this.consumer.caughtUp(CATCH_UP_MS))) {
      this.logger.warn('Prompt events not caught up before answering; the read model catches up meanwhile');
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
  }
}
