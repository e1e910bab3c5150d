import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  promptPageHeaders,
  subjects,
  type Category,
  type CategoryPosition,
  type ChangedPrompts,
  type CopyResult,
  type DeletedCategory,
  type Done,
  type HistoryCursor,
  type ImportPage,
  type ImportResult,
  type LimitsRecord,
  type Prompt,
  type PromptCardsPage,
  type PromptCardsRequest,
  type PromptCounts,
  type PromptTitlesPage,
  type PromptFields,
  type PromptPage,
  type PromptHistoryPage,
  type PromptVersion,
  type PromptVersionsPage,
  type TagChanged,
  type TagSummary,
  type TierStatus,
  type TierVersionReached,
} from '@promptlib/proto';

/** The library service's calls, each on behalf of one user; the request id travels by itself. */
@Injectable()
export class LibraryClient {
  constructor(private readonly services: ServiceClient) {}

  ensureDefaultCategory(userId: number, timeoutMs?: number): Promise<Category> {
    return this.services.request(subjects.library.categoriesEnsureDefault, { userId }, { timeoutMs });
  }

  categories(userId: number): Promise<Category[]> {
    return this.services.request(subjects.library.categoriesList, { userId });
  }

  createCategory(userId: number, name: string): Promise<Category> {
    return this.services.request(subjects.library.categoriesCreate, { userId, name });
  }

  renameCategory(userId: number, categoryId: number, name: string): Promise<Category> {
    return this.services.request(subjects.library.categoriesRename, { userId, categoryId, name });
  }

  deleteCategory(userId: number, categoryId: number): Promise<DeletedCategory> {
    return this.services.request(subjects.library.categoriesDelete, { userId, categoryId });
  }

  reorderCategories(userId: number, categoryPositions: CategoryPosition[]): Promise<Category[]> {
    return this.services.request(subjects.library.categoriesReorder, { userId, categoryPositions });
  }

  async promptPage(userId: number, before: number | null): Promise<PromptPage> {
    const reply = await this.services.requestRaw(subjects.library.promptsList, { userId, before });
    const nextBefore = reply.header(promptPageHeaders.nextBefore);
    return {
      promptsJson: reply.body,
      count: Number(reply.header(promptPageHeaders.count) ?? 0),
      nextBefore: nextBefore ? Number(nextBefore) : null,
    };
  }

  promptCards(request: PromptCardsRequest): Promise<PromptCardsPage> {
    return this.services.request(subjects.library.promptsCards, request);
  }

  promptTitles(userId: number, before: number | null): Promise<PromptTitlesPage> {
    return this.services.request(subjects.library.promptsTitles, { userId, before });
  }

  promptCounts(userId: number): Promise<PromptCounts> {
    return this.services.request(subjects.library.promptsCounts, { userId });
  }

  /** One of the user's prompts, whole; the version it carries is the service's own and is not passed on. */
  async prompt(userId: number, promptId: number): Promise<Prompt> {
    const { version: _version, ...whole } = await this.services.request(subjects.library.promptsGet, {
      userId,
      promptId,
    });
    return whole;
  }

  createPrompt(userId: number, fields: PromptFields): Promise<Prompt> {
    return this.services.request(subjects.library.promptsCreate, { userId, ...fields });
  }

  importPage(userId: number, page: ImportPage): Promise<ImportResult> {
    return this.services.request(subjects.library.promptsImport, { userId, ...page });
  }

  updatePrompt(userId: number, promptId: number, fields: PromptFields): Promise<Prompt> {
    return this.services.request(subjects.library.promptsUpdate, { userId, promptId, ...fields });
  }

  deletePrompt(userId: number, promptId: number): Promise<Done> {
    return this.services.request(subjects.library.promptsDelete, { userId, promptId });
  }

  deletePrompts(userId: number, promptIds: number[]): Promise<ChangedPrompts> {
    return this.services.request(subjects.library.promptsDeleteMany, { userId, promptIds });
  }

  movePrompts(userId: number, promptIds: number[], categoryId: number | null): Promise<ChangedPrompts> {
    return this.services.request(subjects.library.promptsMoveMany, { userId, promptIds, categoryId });
  }

  restorePrompts(userId: number, promptIds: number[]): Promise<ChangedPrompts> {
    return this.services.request(subjects.library.promptsRestore, { userId, promptIds });
  }

  promptVersions(userId: number, promptId: number, before: number | null): Promise<PromptVersionsPage> {
    return this.services.request(subjects.library.versionsList, { userId, promptId, before });
  }

  promptVersion(userId: number, promptId: number, version: number): Promise<PromptVersion> {
    return this.services.request(subjects.library.versionsGet, { userId, promptId, version });
  }

  restoreVersion(userId: number, promptId: number, version: number): Promise<Prompt> {
    return this.services.request(subjects.library.versionsRestore, { userId, promptId, version });
  }

  promptHistory(userId: number, after: HistoryCursor | null): Promise<PromptHistoryPage> {
    return this.services.request(subjects.library.versionsHistory, { userId, after });
  }

  tags(userId: number): Promise<TagSummary[]> {
    return this.services.request(subjects.library.tagsList, { userId });
  }

  renameTag(userId: number, name: string, newName: string): Promise<TagChanged> {
    return this.services.request(subjects.library.tagsRename, { userId, name, newName });
  }

  deleteTag(userId: number, name: string): Promise<TagChanged> {
    return this.services.request(subjects.library.tagsDelete, { userId, name });
  }

  copyPrompt(userId: number, promptId: number): Promise<CopyResult> {
    return this.services.request(subjects.library.promptsCopy, { userId, promptId });
  }

  toggleFavorite(userId: number, promptId: number): Promise<Prompt> {
    return this.services.request(subjects.library.promptsToggleFavorite, { userId, promptId });
  }

  limits(userId: number): Promise<LimitsRecord> {
    return this.services.request(subjects.library.limitsGet, { userId });
  }

  tier(userId: number, timeoutMs?: number): Promise<TierStatus> {
    return this.services.request(subjects.library.tierGet, { userId }, { timeoutMs });
  }

  awaitTierVersion(userId: number, version: number, timeoutMs: number): Promise<TierVersionReached> {
    return this.services.request(
      subjects.library.tierAwaitVersion,
      { userId, version, timeoutMs },
      { timeoutMs: timeoutMs + 1_000 },
    );
  }
}
