import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import { EventConsumers, EventSubscriber } from '@promptlib/platform/service';
import type { Logger } from 'pino';
import { AccountsService } from '../accounts/accounts.service';
import { PromptTextsService } from '../prompt-texts/prompt-texts.service';

// How long a starting replica waits for the events it missed before it answers anyone.
const CATCH_UP_MS = 20_000;

/**
 * The library's prompt events, which feed the read model of shared texts, and auth's account
 * deletions; every handler is idempotent.
 */
@Injectable()
export class SharingEvents extends EventSubscriber {
  constructor(
    consumers: EventConsumers,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    promptTexts: PromptTextsService,
    accounts: AccountsService,
  ) {
    super(
      consumers.create({
        'events.prompt.updated': ({ data }) => promptTexts.promptUpdated(data),
        'events.prompt.deleted': ({ data }) => promptTexts.promptDeleted(data),
        'events.category.deleted': ({ data }) => promptTexts.categoryDeleted(data),
        'events.user.deleted': ({ data }) => accounts.userDeleted(data),
      }),
    );
  }

  /** Before the service answers: a replica that was down must not serve text its events have replaced. */
  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    if (!(await this.consumer.caughtUp(CATCH_UP_MS))) {
      this.logger.warn('Prompt events not caught up before answering; the read model catches up meanwhile');
    }
  }
}
