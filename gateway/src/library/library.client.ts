import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  promptPageHeaders,
  subjects,
  type Category,
  type CategoryPosition,
  type CopyResult,
  type DeletedCategory,
  type Done,
  type LimitsRecord,
  type Prompt,
  type PromptFields,
  type PromptPage,
  type TierStatus,
  type TierVersionReached,
} from '@promptlib/proto';

/** The library service's calls, typed, each on behalf of one user. */
@Injectable()
export class LibraryClient {
  constructor(private readonly services: ServiceClient) {}

  ensureDefaultCategory(userId: number, requestId: string, timeoutMs?: number): Promise<Category> {
    return this.services.request(
      subjects.library.categoriesEnsureDefault,
      { userId },
      { requestId, timeoutMs },
    );
  }

  categories(userId: number, requestId: string): Promise<Category[]> {
    return this.services.request(subjects.library.categoriesList, { userId }, { requestId });
  }

  createCategory(userId: number, name: string, requestId: string): Promise<Category> {
    return this.services.request(subjects.library.categoriesCreate, { userId, name }, { requestId });
  }

  deleteCategory(userId: number, categoryId: number, requestId: string): Promise<DeletedCategory> {
    return this.services.request(subjects.library.categoriesDelete, { userId, categoryId }, { requestId });
  }

  reorderCategories(
    userId: number,
    categoryPositions: CategoryPosition[],
    requestId: string,
  ): Promise<Category[]> {
    return this.services.request(
      subjects.library.categoriesReorder,
      { userId, categoryPositions },
      { requestId },
    );
  }

  async promptPage(userId: number, before: number | null, requestId: string): Promise<PromptPage> {
    const reply = await this.services.requestRaw(
      subjects.library.promptsList,
      { userId, before },
      { requestId },
    );
    const nextBefore = reply.header(promptPageHeaders.nextBefore);
    return {
      promptsJson: reply.body,
      count: Number(reply.header(promptPageHeaders.count) ?? 0),
      nextBefore: nextBefore ? Number(nextBefore) : null,
    };
  }

  createPrompt(userId: number, fields: PromptFields, requestId: string): Promise<Prompt> {
    return this.services.request(subjects.library.promptsCreate, { userId, ...fields }, { requestId });
  }

  updatePrompt(userId: number, promptId: number, fields: PromptFields, requestId: string): Promise<Prompt> {
    return this.services.request(
      subjects.library.promptsUpdate,
      { userId, promptId, ...fields },
      { requestId },
    );
  }

  deletePrompt(userId: number, promptId: number, requestId: string): Promise<Done> {
    return this.services.request(subjects.library.promptsDelete, { userId, promptId }, { requestId });
  }

  copyPrompt(userId: number, promptId: number, requestId: string): Promise<CopyResult> {
    return this.services.request(subjects.library.promptsCopy, { userId, promptId }, { requestId });
  }

  toggleFavorite(userId: number, promptId: number, requestId: string): Promise<Prompt> {
    return this.services.request(subjects.library.promptsToggleFavorite, { userId, promptId }, { requestId });
  }

  limits(userId: number, requestId: string): Promise<LimitsRecord> {
    return this.services.request(subjects.library.limitsGet, { userId }, { requestId });
  }

  tier(userId: number, requestId: string, timeoutMs?: number): Promise<TierStatus> {
    return this.services.request(subjects.library.tierGet, { userId }, { requestId, timeoutMs });
  }

  awaitTierVersion(
    userId: number,
    version: number,
    timeoutMs: number,
    requestId: string,
  ): Promise<TierVersionReached> {
    return this.services.request(
      subjects.library.tierAwaitVersion,
      { userId, version, timeoutMs },
      { requestId, timeoutMs: timeoutMs + 1_000 },
    );
  }
}
