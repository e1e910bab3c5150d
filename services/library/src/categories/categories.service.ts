import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, serviceError, writeOutbox } from '@promptlib/platform';
import {
  GENERAL_CATEGORY_NAME,
  eventSubjects,
  libraryMessages,
  validationMessages,
  type Category,
  type CategoryPosition,
  type DeletedCategory,
} from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { TiersService } from '../tiers/tiers.service';
import { CategoryEntity } from './category.entity';
import { categoryNameProblems, normalizeCategoryName } from './category-rules';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class CategoriesService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly tiers: TiersService,
    private readonly outbox: OutboxRelay,
  ) {}

  /** The user's General category, created on first need; safe to call any number of times, concurrently. */
  async ensureDefault(userId: number, manager: EntityManager = this.dataSource.manager): Promise<Category> {
    await manager.query(
      `INSERT INTO "library"."categories" ("user_id", "name", "position", "is_default")
       VALUES ($1, $2, 0, true) ON CONFLICT DO NOTHING`,
      [userId, GENERAL_CATEGORY_NAME],
    );
    const general = await manager.getRepository(CategoryEntity).findOneByOrFail({ userId, isDefault: true });
    return toCategory(general);
  }

  /** General first, then the user's own categories in their order. */
  async list(userId: number): Promise<Category[]> {
    const rows = await this.dataSource.getRepository(CategoryEntity).find({
      where: { userId },
      order: { isDefault: 'DESC', position: 'ASC', id: 'ASC' },
    });
    return rows.map(toCategory);
  }

  async create(userId: number, rawName: string): Promise<Category> {
    const name = normalizeCategoryName(rawName);
    const problems = categoryNameProblems(name);
    if (problems) throw serviceError('VALIDATION_FAILED', problems.name, problems);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const tier = await this.tiers.lockForCreation(manager, userId);
        // General counts toward the limit, so it must exist before counting.
        await this.ensureDefault(userId, manager);
        const repository = manager.getRepository(CategoryEntity);
        const allowance = this.tiers.categoryAllowance(tier, await repository.countBy({ userId }));
        if (!allowance.canCreate) {
          const message = this.tiers.isPro(tier)
            ? libraryMessages.proCategoryQuota(allowance.max)
            : libraryMessages.freeCategoryLimit;
          throw serviceError('CATEGORY_LIMIT_REACHED', message);
        }
        const { highest } = (await repository
          .createQueryBuilder('category')
          .select('max(category.position)', 'highest')
          .where('category.userId = :userId AND NOT category.isDefault', { userId })
          .getRawOne<{ highest: number | null }>())!;
        const created = await repository.save(
          repository.create({ userId, name, position: highest === null ? 0 : highest + 1, isDefault: false }),
        );
        return toCategory(created);
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw serviceError('CATEGORY_NAME_TAKEN', validationMessages.categoryNameTaken, {
          name: validationMessages.categoryNameTaken,
        });
      }
      throw error;
    }
  }

  /** Deletes a category and every prompt in it, in one transaction, announced as one event. */
  async delete(userId: number, categoryId: number): Promise<DeletedCategory> {
    const result = await this.dataSource.transaction(async (manager) => {
      const category = await manager.getRepository(CategoryEntity).findOne({
        where: { id: categoryId, userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!category) throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound);
      // General is the fallback for every prompt, so it can never be deleted.
      if (category.isDefault)
        throw serviceError('GENERAL_CATEGORY_PROTECTED', libraryMessages.generalProtected);
      // TypeORM answers a DELETE with [rows, count].
      const [deleted] = await manager.query<[{ id: number }[], number]>(
        'DELETE FROM "library"."prompts" WHERE "category_id" = $1 AND "user_id" = $2 RETURNING "id"',
        [categoryId, userId],
      );
      await manager.delete(CategoryEntity, { id: categoryId, userId });
      const deletedPromptIds = deleted.map((row) => row.id).sort((a, b) => a - b);
      await writeOutbox(manager, eventSubjects.categoryDeleted, {
        userId,
        categoryId,
        promptIds: deletedPromptIds,
      });
      return { categoryId, deletedPromptIds };
    });
    this.outbox.notify();
    return result;
  }

  /** Sets new positions for some of the user's own categories; General has no position to change. */
  async reorder(userId: number, positions: CategoryPosition[]): Promise<Category[]> {
    const ids = positions.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) {
      throw serviceError('VALIDATION_FAILED', 'Each category may appear only once.', {
        categoryPositions: 'Each category may appear only once.',
      });
    }
    await this.dataSource.transaction(async (manager) => {
      const owned = await manager
        .getRepository(CategoryEntity)
        .createQueryBuilder('category')
        .setLock('pessimistic_write')
        .where('category.userId = :userId AND category.id IN (:...ids)', {
          userId,
          ids: ids.length ? ids : [0],
        })
        .getMany();
      if (owned.length !== ids.length) throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound);
      if (owned.some((category) => category.isDefault)) {
        throw serviceError('VALIDATION_FAILED', libraryMessages.generalNotReorderable, {
          categoryPositions: libraryMessages.generalNotReorderable,
        });
      }
      if (positions.length > 0) {
        await manager.query(
          `UPDATE "library"."categories" AS category SET "position" = moved.position
           FROM unnest($2::int[], $3::int[]) AS moved(id, position)
           WHERE category.id = moved.id AND category.user_id = $1`,
          [userId, ids, positions.map((entry) => entry.position)],
        );
      }
    });
    return this.list(userId);
  }

  /** The user's category with this id, for a prompt to be put in; another user's is not found. */
  async findOwned(manager: EntityManager, userId: number, categoryId: number): Promise<CategoryEntity> {
    const category = await manager.getRepository(CategoryEntity).findOneBy({ id: categoryId, userId });
    if (!category) {
      throw serviceError('NOT_FOUND', libraryMessages.categoryNotFound, {
        categoryId: libraryMessages.categoryNotFound,
      });
    }
    return category;
  }
}

export function toCategory(entity: CategoryEntity): Category {
  return { id: entity.id, name: entity.name, position: entity.position };
}
