import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DATA_SOURCE, EventConsumer, NATS_CONNECTION, ROOT_LOGGER } from '@promptlib/platform';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';
import { liveLinksOf, tombstonePrompts, upsertPromptText } from '../prompt-texts/prompt-texts';
import { ReadCache } from '../public-reads/read-cache';

// How long a starting replica waits for the events it missed before it answers anyone.
const CATCH_UP_MS = 20_000;

/**
 * The library's prompt events feed the read model of shared texts: an edit replaces the text (if
 * newer), a deletion of the prompt or its category leaves a tombstone. Either way the cached reads
 * of the prompt's live link are invalidated once the change is committed, also when an event comes
 * again (the invalidation may be what failed the first time).
 */
@Injectable()
export class SharingEvents implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: EventConsumer;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(SHARING_CONFIG) config: SharingConfig,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly cache: ReadCache,
  ) {
    this.consumer = new EventConsumer({
      connection,
      namespace: config.APP_NAMESPACE,
      service: 'sharing',
      logger,
      handlers: {
        'events.prompt.updated': async ({ data }) => {
          await this.change([data.promptId], (manager) =>
            upsertPromptText(manager, { ...data, ownerId: data.userId }),
          );
        },
        'events.prompt.deleted': async ({ data }) => {
          await this.change([data.promptId], (manager) =>
            tombstonePrompts(manager, data.userId, [data.promptId], data.version),
          );
        },
        'events.category.deleted': async ({ data }) => {
          await this.change(data.promptIds, (manager) =>
            tombstonePrompts(manager, data.userId, data.promptIds, 0),
          );
        },
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

  private async change(
    promptIds: number[],
    apply: (manager: EntityManager) => Promise<unknown>,
  ): Promise<void> {
    const links = await this.dataSource.transaction(async (manager) => {
      await apply(manager);
      return liveLinksOf(manager, promptIds);
    });
    await this.cache.invalidate(links);
  }
}
