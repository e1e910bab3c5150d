import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION, ServiceClient } from '@promptlib/platform';
import { subjects, type OwnedPrompt } from '@promptlib/proto';
import type { NatsConnection } from 'nats';
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';

/** What sharing asks the library: a user's own prompt. */
@Injectable()
export class LibraryPrompts {
  private readonly library: ServiceClient;

  constructor(
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(SHARING_CONFIG) config: SharingConfig,
  ) {
    this.library = new ServiceClient(connection, config.APP_NAMESPACE);
  }

  /** The user's prompt with its version; a ServiceCallError with the library's code when it is not theirs. */
  owned(userId: number, promptId: number): Promise<OwnedPrompt> {
    return this.library.request(subjects.library.promptsGet, { userId, promptId });
  }
}
