import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from '@promptlib/platform/service';
import type { CategoryDeleted, PromptDeleted, PromptUpdated } from '@promptlib/proto';
import { ReadCache } from '../public-reads/read-cache';
import { FINAL_VERSION } from './prompt-texts.repository';
import { SHARING_DATA, type SharingData, type SharingRepositories } from '../sharing-data';

/**
 * The read model of shared texts, fed by the library's prompt events: an edit replaces the text
 * (if newer), a deletion of the prompt or its category leaves a tombstone; a prompt's deletion can
 * be undone by a newer text (its restore), a category's cannot. Either way the cached
 * reads of the prompt's live link are invalidated once the change is committed, also when an event
 * comes again (the invalidation may be what failed the first time).
 */
@Injectable()
export class PromptTextsService {
  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(ReadCache) private readonly cache: Pick<ReadCache, 'invalidate'>,
  ) {}

  async promptUpdated(event: PromptUpdated): Promise<void> {
    await this.change(event.userId, [event.promptId], (tx) =>
      tx.promptTexts.upsert({
        promptId: event.promptId,
        ownerId: event.userId,
        title: event.title,
        content: event.content,
        version: event.version,
      }),
    );
  }

  async promptDeleted(event: PromptDeleted): Promise<void> {
    await this.change(event.userId, [event.promptId], (tx) =>
      tx.promptTexts.tombstone(event.userId, [event.promptId], event.version),
    );
  }

  /** Carries no version: this deletion is final, so any version of the prompt's text gives way to it. */
  async categoryDeleted(event: CategoryDeleted): Promise<void> {
    await this.change(event.userId, event.promptIds, (tx) =>
      tx.promptTexts.tombstone(event.userId, event.promptIds, FINAL_VERSION),
    );
  }

  /** Nothing for a deleted account: an event the library published as it was being deleted brings no text back. */
  private async change(
    ownerId: number,
    promptIds: number[],
    apply: (tx: Transaction<SharingRepositories>) => Promise<unknown>,
  ): Promise<void> {
    const links = await this.data.transaction(async (tx) => {
      await tx.accounts.lockUser(ownerId);
      if (await tx.accounts.isErased(ownerId)) return [];
      await apply(tx);
      return tx.shareLinks.liveLinksOf(promptIds);
    });
    await this.cache.invalidate(links);
  }
}
