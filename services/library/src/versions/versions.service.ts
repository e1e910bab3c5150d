import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@promptlib/platform';
import {
  VERSION_PAGE_MAX_BYTES,
  VERSION_PAGE_MAX_ROWS,
  type ParsedRequestOf,
  type Prompt,
  type PromptHistoryPage,
  type PromptVersion,
  type PromptVersionsPage,
  type subjects,
} from '@promptlib/proto';
import { LIBRARY_DATA, type LibraryData } from '../library-data';
import { morePages } from '../prompts/page-that-fits';
import { announceUpdates } from '../prompts/prompt-events';
import { toPrompt } from '../prompts/prompts.service';
import { TiersService } from '../tiers/tiers.service';
import { recordVersions } from './prompt-history';
import type { SizedRow, VersionRow } from './prompt-versions.repository';

export type PromptVersionsRequest = ParsedRequestOf<typeof subjects.library.versionsList>;
export type PromptVersionRequest = ParsedRequestOf<typeof subjects.library.versionsGet>;
export type PromptHistoryRequest = ParsedRequestOf<typeof subjects.library.versionsHistory>;

/**
 * A prompt's history: its versions read a page at a time, one version, and the restore of one as
 * a new version. Only the owner's prompts in the library have a history to show (404 otherwise,
 * for another user's prompt as for a deleted one).
 */
@Injectable()
export class VersionsService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    private readonly tiers: TiersService,
  ) {}

  async list({ userId, promptId, before = null }: PromptVersionsRequest): Promise<PromptVersionsPage> {
    await this.requireOwned(userId, promptId);
    const rows = await this.data.direct.versions.page(
      userId,
      promptId,
      before,
      VERSION_PAGE_MAX_BYTES,
      VERSION_PAGE_MAX_ROWS,
    );
    const more = morePages(rows, VERSION_PAGE_MAX_ROWS);
    return { versions: rows.map(withoutCount), nextBefore: more ? rows[rows.length - 1]!.version : null };
  }

  async get({ userId, promptId, version }: PromptVersionRequest): Promise<PromptVersion> {
    await this.requireOwned(userId, promptId);
    const found = await this.data.direct.versions.find(userId, promptId, version);
    if (!found) throw notFound('version');
    return found;
  }

  /**
   * Makes the version's text the prompt's again, as a new version made by a restore; history is
   * never rewritten. The version's category comes back when the user still has it; otherwise the
   * prompt stays where it is. Announced as an edit, so share pages follow. Restoring the text the
   * prompt already has changes nothing.
   */
  async restore({ userId, promptId, version }: PromptVersionRequest): Promise<Prompt> {
    const restored = await this.data.transaction(async (tx) => {
      const prompt = await tx.prompts.lockOwned(userId, promptId);
      if (!prompt) throw notFound('prompt');
      const old = await tx.versions.find(userId, promptId, version);
      if (!old) throw notFound('version');
      const categoryStillThere =
        old.categoryId !== null && (await tx.categories.findOwned(userId, old.categoryId)) !== null;
      const categoryId = categoryStillThere ? old.categoryId : prompt.categoryId;
      if (prompt.title === old.title && prompt.content === old.content && prompt.categoryId === categoryId) {
        return prompt;
      }
      Object.assign(prompt, {
        title: old.title,
        content: old.content,
        categoryId,
        version: prompt.version + 1,
      });
      const saved = await tx.prompts.save(prompt);
      await announceUpdates(tx, [saved]);
      const keep = this.tiers.versionsKept(await tx.tiers.state(userId));
      await recordVersions(tx, userId, [saved], 'restore', keep);
      return saved;
    });
    return toPrompt(restored);
  }

  /** A page of the versions of every prompt of the user, for an export. */
  async history({ userId, after = null }: PromptHistoryRequest): Promise<PromptHistoryPage> {
    const rows = await this.data.direct.versions.history(
      userId,
      after,
      VERSION_PAGE_MAX_BYTES,
      VERSION_PAGE_MAX_ROWS,
    );
    const last = rows[rows.length - 1];
    const next =
      morePages(rows, VERSION_PAGE_MAX_ROWS) && last
        ? { promptId: last.promptId, version: last.version }
        : null;
    return { versions: rows.map(({ candidates: _candidates, ...row }) => row), next };
  }

  private async requireOwned(userId: number, promptId: number): Promise<void> {
    if (!(await this.data.direct.prompts.findOwned(userId, promptId))) throw notFound('prompt');
  }
}

function withoutCount({ candidates: _candidates, ...row }: SizedRow<VersionRow>): VersionRow {
  return row;
}
