import type { Db } from '@promptlib/platform';

const DELETED_USERS = '"sharing"."deleted_users"';

/**
 * A deleted user is remembered for longer than the events stream keeps any event (7 days), so no
 * event about them can still arrive when they are forgotten.
 */
export const DELETED_USER_KEPT_DAYS = 8;

/** What sharing holds of one user as a whole: their links and the read model of their prompts' texts. */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  /** Serialises the caller's transaction with any other for the same user that takes it. */
  async lockUser(userId: number): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('sharing.accounts'), $1)`, [userId]);
  }

  /**
   * Deletes the user's links (live and revoked, views with them) and their prompts' texts, and
   * remembers that they were deleted; answers the links' ids, whose cached reads must go too.
   */
  async erase(userId: number): Promise<{ shareIds: string[]; texts: number }> {
    await this.db.query(`INSERT INTO ${DELETED_USERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [
      userId,
    ]);
    const links = await this.db.query<{ id: string }>(
      `WITH gone AS (DELETE FROM "sharing"."share_links" WHERE "owner_id" = $1 RETURNING "id") SELECT "id" FROM gone`,
      [userId],
    );
    const [{ n }] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM "sharing"."prompt_texts" WHERE "owner_id" = $1 RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [userId],
    );
    return { shareIds: links.map((link) => link.id), texts: n };
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
