import { DeletedUsers, type Db } from '@promptlib/platform/service';

/**
 * Every table of the library that holds a user's rows, in an order the foreign keys allow: versions
 * and deleted prompts before the prompts and categories they point at.
 */
const USER_TABLES = ['prompt_versions', 'deleted_prompts', 'prompts', 'tags', 'categories', 'user_tiers'];

/** What the library holds of one user as a whole: erased at once when their account is deleted. */
export class AccountsRepository {
  private readonly deleted: DeletedUsers;

  constructor(private readonly db: Db) {
    this.deleted = new DeletedUsers(db, 'library');
  }

  /** Serialises the caller's transaction with any other for the same user that takes it. */
  lockUser(userId: number): Promise<void> {
    return this.deleted.lock(userId);
  }

  /** Deletes every row of the user and remembers that they were deleted; answers the rows deleted per table. */
  async erase(userId: number): Promise<Record<string, number>> {
    await this.deleted.remember(userId);
    const deleted: Record<string, number> = {};
    for (const table of USER_TABLES) {
      const [{ n }] = await this.db.query<{ n: number }>(
        `WITH gone AS (DELETE FROM "library"."${table}" WHERE "user_id" = $1 RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [userId],
      );
      deleted[table] = n;
    }
    return deleted;
  }

  isErased(userId: number): Promise<boolean> {
    return this.deleted.has(userId);
  }
}
