import { Inject, Injectable } from '@nestjs/common';
import { serviceError, notFound } from '@promptlib/platform';
import { isUniqueViolation, type Transaction } from '@promptlib/platform/service';
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
import { LIBRARY_DATA, type LibraryData, type LibraryRepositories } from '../library-data';
import { TiersService } from '../tiers/tiers.service';
import type { CategoryRow } from './categories.repository';
import { categoryNameProblems, normalizeCategoryName } from './category-rules';
import type { CategoryEntity } from './category.entity';

export type CreateCategoryRequest = ParsedRequestOf<typeof subjects.library.categoriesCreate>;
export type RenameCategoryRequest = ParsedRequestOf<typeof subjects.library.categoriesRename>;
export type DeleteCategoryRequest = ParsedRequestOf<typeof subjects.library.categoriesDelete>;
export type ReorderCategoriesRequest = ParsedRequestOf<typeof subjects.library.categoriesReorder>;

@Injectable()
export class CategoriesService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    private readonly tiers: TiersService,
  ) {}

  /**
   * The user's General category, created on first need; safe to call any number of times,
   * concurrently. Inside a transaction, given its repositories.
   */
  async ensureDefault(
    { userId }: UserScoped,
    { categories }: Pick<LibraryRepositories, 'categories'> = this.data.direct,
  ): Promise<Category> {
    await categories.insertGeneralIfMissing(userId);
    return toCategory(await categories.findGeneral(userId));
  }

  /** General first, then the user's own categories in their order. */
  async list({ userId }: UserScoped): Promise<Category[]> {
    return (await this.data.direct.categories.listInOrder(userId)).map(toCategory);
  }

  async create({ userId, name: rawName }: CreateCategoryRequest): Promise<Category> {
    const name = validName(rawName);
    try {
      return await this.data.transaction(async (tx) => {
        // Creations by one user take turns on their tier row, so a count and its insert are never raced.
        const tier = await tx.tiers.lock(userId);
        // General counts toward the limit, so it must exist before counting.
        await this.ensureDefault({ userId }, tx);
        const allowance = this.tiers.categoryAllowance(tier, await tx.categories.count(userId));
        if (!allowance.canCreate) {
          const pro = this.tiers.isPro(tier);
          const message = pro
            ? libraryMessages.proCategoryQuota(allowance.max)
            : libraryMessages.freeCategoryLimit;
          throw serviceError('CATEGORY_LIMIT_REACHED', message, undefined, {
            plan: pro ? 'pro' : 'free',
            limit: allowance.max,
          });
        }
        const highest = await tx.categories.highestPosition(userId);
        const position = highest === null ? 0 : highest + 1;
        const created = toCategory(await tx.categories.insert(userId, name, position));
        await announceCategories(tx, userId, [created]);
        return created;
      });
    } catch (error) {
      throw nameTakenOr(error);
    }
  }

  /**
   * Gives one of the user's own categories a new name, by the rules of a new one (a change of case
   * alone included); its prompts stay in it. General keeps its name.
   */
  async rename({ userId, categoryId, name: rawName }: RenameCategoryRequest): Promise<Category> {
    const name = validName(rawName);
    try {
      return await this.data.transaction(async (tx) => {
        const category = await tx.categories.lockOwned(userId, categoryId);
        if (!category) throw notFound('category');
        if (category.isDefault)
          throw serviceError('GENERAL_CATEGORY_PROTECTED', libraryMessages.generalNotRenamable);
        const renamed = await tx.categories.rename(userId, categoryId, name);
        await announceCategories(tx, userId, [renamed]);
        return renamed;
      });
    } catch (error) {
      throw nameTakenOr(error);
    }
  }

  /**
   * Deletes a category and every prompt in it, in one transaction, announced in events of at most
   * CATEGORY_DELETED_MAX_PROMPT_IDS prompt ids each (one for most categories).
   */
  async delete({ userId, categoryId }: DeleteCategoryRequest): Promise<DeletedCategory> {
    return this.data.transaction(async (tx) => {
      const category = await tx.categories.lockOwned(userId, categoryId);
      if (!category) throw notFound('category');
      // General is the fallback for every prompt, so it can never be deleted.
      if (category.isDefault)
        throw serviceError('GENERAL_CATEGORY_PROTECTED', libraryMessages.generalProtected);
      const deletedPromptIds = await tx.prompts.deleteInCategory(userId, categoryId);
      await tx.versions.deleteOf(deletedPromptIds.map((id) => ({ userId, id })));
      await tx.categories.delete(userId, categoryId);
      for (
        let from = 0;
        from === 0 || from < deletedPromptIds.length;
        from += CATEGORY_DELETED_MAX_PROMPT_IDS
      ) {
        await tx.outbox.add(eventSubjects.categoryDeleted, {
          userId,
          categoryId,
          promptIds: deletedPromptIds.slice(from, from + CATEGORY_DELETED_MAX_PROMPT_IDS),
        });
      }
      return { categoryId, deletedPromptIds };
    });
  }

  /** Sets new positions for some of the user's own categories; General has no position to change. */
  async reorder({ userId, categoryPositions }: ReorderCategoriesRequest): Promise<Category[]> {
    const ids = categoryPositions.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) {
      throw serviceError('VALIDATION_FAILED', 'Each category may appear only once.', {
        categoryPositions: { rule: 'duplicate', message: 'Each category may appear only once.' },
      });
    }
    await this.data.transaction(async (tx) => {
      const owned = await tx.categories.lockOwnedMany(userId, ids);
      if (owned.length !== ids.length) throw notFound('category');
      if (owned.some((category) => category.isDefault)) {
        throw serviceError('VALIDATION_FAILED', libraryMessages.generalNotReorderable, {
          categoryPositions: { rule: 'notAllowed', message: libraryMessages.generalNotReorderable },
        });
      }
      if (categoryPositions.length > 0) {
        const positions = categoryPositions.map((entry) => entry.position);
        await tx.categories.setPositions(userId, ids, positions);
        await announceCategories(
          tx,
          userId,
          owned.map((category) => ({
            ...toCategory(category),
            position: positions[ids.indexOf(category.id)]!,
          })),
        );
      }
    });
    return this.list({ userId });
  }

  /** The user's category with this id, for a prompt to be put in; another user's is not found. */
  async findOwned(
    { categories }: Pick<LibraryRepositories, 'categories'>,
    userId: number,
    categoryId: number,
  ): Promise<CategoryEntity> {
    const category = await categories.findOwned(userId, categoryId);
    if (!category) {
      throw notFound('category', 'categoryId');
    }
    return category;
  }
}

function validName(rawName: string): string {
  const name = normalizeCategoryName(rawName);
  const problems = categoryNameProblems(name);
  if (problems) throw serviceError('VALIDATION_FAILED', problems.name!.message, problems);
  return name;
}

/** A name another of the user's categories has (the unique index) as the error the user reads. */
function nameTakenOr(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return serviceError('CATEGORY_NAME_TAKEN', validationMessages.categoryNameTaken, {
    name: { rule: 'taken', message: validationMessages.categoryNameTaken },
  });
}

export function toCategory(entity: CategoryRow): Category {
  return { id: entity.id, name: entity.name, position: entity.position };
}

/** Announces categories made, renamed or moved, as they are now, once the transaction commits. */
async function announceCategories(
  tx: Transaction<LibraryRepositories>,
  userId: number,
  categories: Category[],
): Promise<void> {
  await tx.outbox.addMany(
    eventSubjects.categoryUpdated,
    categories.map(({ id, name, position }) => ({ userId, categoryId: id, name, position })),
  );
}
