import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { NATS_CONNECTION, ROOT_LOGGER, RawResponder } from '@promptlib/platform';
import { promptPageHeaders, subjects } from '@promptlib/proto';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { PromptsService } from './prompts.service';

/**
 * `library.prompts.list` answered as raw bytes: the page's JSON text as the service wrote it, its
 * count and cursor in headers. The list is the heaviest read of the product; this keeps it one copy.
 */
@Injectable()
export class PromptPagesResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly responder: RawResponder;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(ROOT_LOGGER) logger: Logger,
    @Inject(LIBRARY_CONFIG) config: LibraryConfig,
    private readonly prompts: PromptsService,
  ) {
    this.responder = new RawResponder(connection, config.APP_NAMESPACE, 'library', logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.responder.serve(subjects.library.promptsList, async (request) => {
      const page = await this.prompts.page(request);
      return {
        body: page.promptsJson,
        headers: {
          [promptPageHeaders.count]: String(page.count),
          [promptPageHeaders.nextBefore]: page.nextBefore === null ? '' : String(page.nextBefore),
        },
      };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.responder.stop();
  }
}
