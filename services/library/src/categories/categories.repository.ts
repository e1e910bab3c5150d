import type { Db, PreparedStatement } from '@promptlib/platform/service';
import { GENERAL_CATEGORY_NAME } from '@promptlib/proto';
import { CategoryEntity } from './category.entity';

const CATEGORIES = '"library"."categories"';

/** What the API shows of a category. */
export type CategoryRow = Pick<CategoryEntity, 'id' | 'name' | 'position'>;

/** A category with its name as the uniqueness rule compares it (the unique index's `lower(name)`). */
export type KeyedCategory = Pick<CategoryEntity, 'id' | 'isDefault'> & { key: string };

// Asked on every dashboard load: prepared once per connection (see queryPrepared).
const LIST_IN_ORDER: PreparedStatement = {
  name: 'library-categories-in-order',
  text: `SELECT "id", "name", "position" FROM ${CATEGORIES}
         WHERE "user_id" = $1 ORDER BY "is_default" DESC, "position" ASC, "id" ASC`,
};

/** Every read and write of the categories table, on the unit of work's connection. */
export class CategoriesRepository {
  constructor(private readonly db: Db) {}

  /** Creates the user's General unless it exists; safe to run concurrently. */
  async insertGeneralIfMissing(userId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO ${CATEGORIES} ("user_id", "name", "position", "is_default")
       VALUES ($1, $2, 0, true) ON CONFLICT DO NOTHING`,
      [userId, GENERAL_CATEGORY_NAME],
    );
  }

  findGeneral(userId: number): Promise<CategoryEntity> {
    return this.db.repository(CategoryEntity).findOneByOrFail({ userId, isDefault: true });
  }

  /** General first, then the user's own categories in their order. */
  listInOrder(userId: number): Promise<CategoryRow[]> {
    return this.db.prepared<CategoryRow>(LIST_IN_ORDER, [userId]);
  }

  count(userId: number): Promise<number> {
    return this.db.repository(CategoryEntity).countBy({ userId });
  }

  /** The highest position among the user's own categories (General has none), or null. */
  async highestPosition(userId: number): Promise<number | null> {
    const { highest } = (await this.db
      .repository(CategoryEntity)
      .createQueryBuilder('category')
      .select('max(category.position)', 'highest')
      .where('category.userId = :userId AND NOT category.isDefault', { userId })
      .getRawOne<{ highest: number | null }>())!;
    return highest;
  }

  /** Fails with Postgres's unique violation when the user has a category of that name. */
  insert(userId: number, name: string, position: number): Promise<CategoryEntity> {
    const repository = this.db.repository(CategoryEntity);
    return repository.save(repository.create({ userId, name, position, isDefault: false }));
  }

  /** The user's categories, General included, each with its key. */
  keyed(userId: number): Promise<KeyedCategory[]> {
    return this.db.query<KeyedCategory>(
      `SELECT "id", "is_default" AS "isDefault", lower("name") AS "key" FROM ${CATEGORIES} WHERE "user_id" = $1`,
      [userId],
    );
  }

  /**
   * The key each name would have, by the database's own lower(), so names that the unique index
   * holds for the same are found to be the same (JavaScript's lower case differs for some letters).
   */
  async keysOf(names: string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ name: string; key: string }>(
      `SELECT "name", lower("name") AS "key" FROM unnest($1::text[]) AS given("name")`,
      [names],
    );
    return new Map(rows.map((row) => [row.name, row.key]));
  }

  findOwned(userId: number, categoryId: number): Promise<CategoryEntity | null> {
    return this.db.repository(CategoryEntity).findOneBy({ id: categoryId, userId });
  }

  lockOwned(userId: number, categoryId: number): Promise<CategoryEntity | null> {
    return this.db.repository(CategoryEntity).findOne({
      where: { id: categoryId, userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Those of the ids that are the user's categories, locked for the rest of the transaction. */
  lockOwnedMany(userId: number, ids: number[]): Promise<CategoryEntity[]> {
    return this.db
      .repository(CategoryEntity)
      .createQueryBuilder('category')
      .setLock('pessimistic_write')
      .where('category.userId = :userId AND category.id IN (:...ids)', {
        userId,
        ids: ids.length ? ids : [0],
      })
      .getMany();
  }

  /** Fails with Postgres's unique violation when another of the user's categories has that name. */
  async rename(userId: number, categoryId: number, name: string): Promise<CategoryRow> {
    const [renamed] = await this.db.changed<CategoryRow>(
      `UPDATE ${CATEGORIES} SET "name" = $3 WHERE "user_id" = $1 AND "id" = $2
       RETURNING "id", "name", "position"`,
      [userId, categoryId, name],
    );
    return renamed;
  }

  async delete(userId: number, categoryId: number): Promise<void> {
    await this.db.repository(CategoryEntity).delete({ id: categoryId, userId });
  }

  async setPositions(userId: number, ids: number[], positions: number[]): Promise<void> {
    await this.db.query(
      `UPDATE ${CATEGORIES} AS category SET "position" = moved.position
       FROM unnest($2::int[], $3::int[]) AS moved(id, position)
       WHERE category.id = moved.id AND category.user_id = $1`,
      [userId, ids, positions],
    );
  }
}
