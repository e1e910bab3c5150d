import type { Db } from '@promptlib/platform';

const DELETED_USERS = '"library"."deleted_users"';

/**
 * Every table of the library that holds a user's rows, in an order the foreign keys allow: versions
 * and deleted prompts before the prompts and categories they point at.
 */
const USER_TABLES = ['prompt_versions', 'deleted_prompts', 'prompts', 'tags', 'categories', 'user_tiers'];

/**
 * A deleted user is remembered for longer than the events stream keeps any event (7 days), so no
 * event about them can still arrive when they are forgotten.
 */
export const DELETED_USER_KEPT_DAYS = 8;

/** What the library holds of one user as a whole: erased at once when their account is deleted. */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Serialises the caller's transaction with any other for the same user that takes it: an erasure
   * and a change that could bring a row back (a tier's) never interleave.
   */
  async lockUser(userId: number): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('library.accounts'), $1)`, [userId]);
  }

  /** Deletes every row of the user and remembers that they were deleted; answers the rows deleted per table. */
  async erase(userId: number): Promise<Record<string, number>> {
    await this.db.query(`INSERT INTO ${DELETED_USERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [
      userId,
    ]);
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

  async isErased(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ found: number }>(
      `SELECT 1 AS found FROM ${DELETED_USERS} WHERE "user_id" = $1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Forgets the deleted users no event can name any more. */
  async forgetErasedBefore(before: Date): Promise<void> {
    await this.db.query(`DELETE FROM ${DELETED_USERS} WHERE "deleted_at" < $1`, [before]);
  }
}
