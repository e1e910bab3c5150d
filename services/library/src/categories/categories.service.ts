import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, serviceError, writeOutbox } from '@promptlib/platform';
import {
  CATEGORY_DELETED_MAX_PROMPT_IDS,
  eventSubjects,
  libraryMessages,
  validationMessages,
  type Category,
  type DeletedCategory,
  type ParsedRequestOf,
  type UserScoped,
  type subjects,
} from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { PromptsRepository } from '../prompts/prompts.repository';
import { TiersService } from '../tiers/tiers.service';
import { CategoriesRepository, type CategoryRow } from './categories.repository';
import { categoryNameProblems, normalizeCategoryName } from './category-rules';
import type { CategoryEntity } from './category.entity';

export type CreateCategoryRequest = ParsedRequestOf<typeof subjects.library.categoriesCreate>;
export type DeleteCategoryRequest = ParsedRequestOf<typeof subjects.library.categoriesDelete>;
export type ReorderCategoriesRequest = ParsedRequestOf<typeof subjects.library.categoriesReorder>;

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class CategoriesService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly categories: CategoriesRepository,
    private readonly prompts: PromptsRepository,
    private readonly tiers: TiersService,
    private readonly outbox: OutboxRelay,
  ) {}

  /** The user's General category, created on first need; safe to call any number of times, concurrently. */
  async ensureDefault(
    { userId }: UserScoped,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Category> {
    await this.categories.insertGeneralIfMissing(manager, userId);
    return toCategory(await this.categories.findGeneral(manager, userId));
  }

  /** General first, then the user's own categories in their order. */
  async list({ userId }: UserScoped): Promise<Category[]> {
    return (await this.categories.listInOrder(userId)).map(toCategory);
  }

  async create({ userId, name: rawName }: CreateCategoryRequest): Promise<Category> {
    const name = normalizeCategoryName(rawName);
    const problems = categoryNameProblems(name);
    if (problems) throw serviceError('VALIDATION_FAILED', problems.name!.message, problems);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const tier = await this.tiers.lockForCreation(manager, userId);
        // General counts toward the limit, so it must exist before counting.
        await this.ensureDefault({ userId }, manager);
        const allowance = this.tiers.categoryAllowance(tier, await this.categories.count(manager, userId));
        if (!allowance.canCreate) {
          const message = this.tiers.isPro(tier)
            ? libraryMessages.proCategoryQuota(allowance.max)
            : libraryMessages.freeCategoryLimit;
          throw serviceError('CATEGORY_LIMIT_REACHED', message);
        }
        const highest = await this.categories.highestPosition(manager, userId);
        const position = highest === null ? 0 : highest + 1;
        return toCategory(await this.categories.insert(manager, userId, name, position));
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw serviceError('CATEGORY_NAME_TAKEN', validationMessages.categoryNameTaken, {
          name: { rule: 'taken', message: validationMessages.categoryNameTaken },
        });
      }
      throw error;
    }
  }

  /**
   * Deletes a category and every prompt in it, in one transaction, announced in events of at most
   * CATEGORY_DELETED_MAX_PROMPT_IDS prompt ids each (one for most categories).
   */
  async delete({ userId, categoryId }: DeleteCategoryRequest): Promise<DeletedCategory> {
    const result = await this.dataSource.transaction(async (manager) => {
      const category = await this.categories.lockOwned(manager, userId, categoryId);
      if (!category) throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound);
      // General is the fallback for every prompt, so it can never be deleted.
      if (category.isDefault)
        throw serviceError('GENERAL_CATEGORY_PROTECTED', libraryMessages.generalProtected);
      const deletedPromptIds = await this.prompts.deleteInCategory(manager, userId, categoryId);
      await this.categories.delete(manager, userId, categoryId);
      for (
        let from = 0;
        from === 0 || from < deletedPromptIds.length;
        from += CATEGORY_DELETED_MAX_PROMPT_IDS
      ) {
        await writeOutbox(manager, eventSubjects.categoryDeleted, {
          userId,
          categoryId,
          promptIds: deletedPromptIds.slice(from, from + CATEGORY_DELETED_MAX_PROMPT_IDS),
        });
      }
      return { categoryId, deletedPromptIds };
    });
    this.outbox.notify();
    return result;
  }

  /** Sets new positions for some of the user's own categories; General has no position to change. */
  async reorder({ userId, categoryPositions }: ReorderCategoriesRequest): Promise<Category[]> {
    const ids = categoryPositions.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) {
      throw serviceError('VALIDATION_FAILED', 'Each category may appear only once.', {
        categoryPositions: { rule: 'duplicate', message: 'Each category may appear only once.' },
      });
    }
    await this.dataSource.transaction(async (manager) => {
      const owned = await this.categories.lockOwnedMany(manager, userId, ids);
      if (owned.length !== ids.length) throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound);
      if (owned.some((category) => category.isDefault)) {
        throw serviceError('VALIDATION_FAILED', libraryMessages.generalNotReorderable, {
          categoryPositions: { rule: 'notAllowed', message: libraryMessages.generalNotReorderable },
        });
      }
      if (categoryPositions.length > 0) {
        const positions = categoryPositions.map((entry) => entry.position);
        await this.categories.setPositions(manager, userId, ids, positions);
      }
    });
    return this.list({ userId });
  }

  /** The user's category with this id, for a prompt to be put in; another user's is not found. */
  async findOwned(manager: EntityManager, userId: number, categoryId: number): Promise<CategoryEntity> {
    const category = await this.categories.findOwned(manager, userId, categoryId);
    if (!category) {
      throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound, {
        categoryId: { rule: 'notFound', message: libraryMessages.categoryNotFound },
      });
    }
    return category;
  }
}

export function toCategory(entity: CategoryRow): Category {
  return { id: entity.id, name: entity.name, position: entity.position };
}
