import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@promptlib/platform';
import { type ChangedPrompts, type ParsedRequestOf, type subjects } from '@promptlib/proto';
import { CategoriesService } from '../categories/categories.service';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { LIBRARY_DATA, type LibraryData } from '../library-data';
import { TiersService } from '../tiers/tiers.service';
import { announceUpdates, deletePrompts } from './prompt-events';
import { recordVersions } from '../versions/prompt-history';

export type PromptIdsRequest = ParsedRequestOf<typeof subjects.library.promptsDeleteMany>;
export type MovePromptsRequest = ParsedRequestOf<typeof subjects.library.promptsMoveMany>;

/**
 * Changes of many prompts at once: delete, move to a category, and restore what was deleted (the
 * Undo of a deletion, one prompt or many). Each call is one transaction and one call's prompts all
 * change or none do. A user's calls take turns on their tier row, as creations do, so two calls
 * over the same prompts never lock them in opposite orders, and a restore's count against the
 * limit is never raced by a creation.
 */
@Injectable()
export class PromptBatchesService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    @Inject(LIBRARY_CONFIG) private readonly config: Pick<LibraryConfig, 'DELETED_PROMPT_RESTORE_SECONDS'>,
    private readonly categories: CategoriesService,
    private readonly tiers: TiersService,
  ) {}

  /**
   * Deletes the user's prompts among these ids: each leaves the library at once (lists, counts,
   * limits, its share link) and can be restored for DELETED_PROMPT_RESTORE_SECONDS. 404 when none
   * of them is the user's.
   */
  async delete({ userId, promptIds }: PromptIdsRequest): Promise<ChangedPrompts> {
    const deleted = await this.data.transaction(async (tx) => {
      await tx.tiers.lock(userId);
      return deletePrompts(tx, userId, promptIds);
    });
    if (deleted.length === 0) throw notFound('prompt');
    return { promptIds: deleted };
  }

  /**
   * Moves the user's prompts among these ids to one of their categories (null is General), on any
   * tier, as an edit may, each moved one with a new version; answers every one now there. 404 when the category is not the user's or
   * none of the prompts is.
   */
  async move({ userId, promptIds, categoryId }: MovePromptsRequest): Promise<ChangedPrompts> {
    const inCategory = await this.data.transaction(async (tx) => {
      const tier = await tx.tiers.lock(userId);
      const target =
        categoryId === null
          ? await this.categories.ensureDefault({ userId }, tx)
          : await this.categories.findOwned(tx, userId, categoryId);
      const moved = await tx.prompts.moveToCategory(userId, promptIds, target.id);
      await announceUpdates(tx, moved);
      await recordVersions(tx, userId, moved, 'app', this.tiers.versionsKept(tier));
      return tx.prompts.idsInCategory(userId, promptIds, target.id);
    });
    if (inCategory.length === 0) throw notFound('prompt');
    return { promptIds: inCategory };
  }

  /**
   * Brings back the user's deleted prompts among these ids that are still within their restore
   * window, as they were (id, category, uses, favourite mark, share link). They count against the
   * plan's limit again: when they would not all fit, none comes back. 404 when none can.
   */
  async restore({ userId, promptIds }: PromptIdsRequest): Promise<ChangedPrompts> {
    const window = this.config.DELETED_PROMPT_RESTORE_SECONDS;
    const restored = await this.data.transaction(async (tx) => {
      const tier = await tx.tiers.lock(userId);
      const restorable = await tx.prompts.countRestorable(userId, promptIds, window);
      if (restorable === 0) return [];
      this.tiers.requirePromptRoom(tier, await tx.prompts.count(userId), restorable);
      const back = await tx.prompts.restore(userId, promptIds, window);
      await announceUpdates(tx, back);
      return back.map((prompt) => prompt.id);
    });
    if (restored.length === 0) throw notFound('prompt');
    return { promptIds: restored };
  }
}
