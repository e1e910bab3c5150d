import { DeletedUsers, type Db } from '@promptlib/platform/service';

/** What sharing holds of one user as a whole: their links and the read model of their prompts' texts. */
export class AccountsRepository {
  private readonly deleted: DeletedUsers;

  constructor(private readonly db: Db) {
    this.deleted = new DeletedUsers(db, 'sharing');
  }

  /** Serialises the caller's transaction with any other for the same user that takes it. */
  lockUser(userId: number): Promise<void> {
    return this.deleted.lock(userId);
  }

  /**
   * Deletes the user's links (live and revoked, views with them) and their prompts' texts, and
   * remembers that they were deleted; answers the links' ids, whose cached reads must go too.
   */
  async erase(userId: number): Promise<{ shareIds: string[]; texts: number }> {
    await this.deleted.remember(userId);
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

  isErased(userId: number): Promise<boolean> {
    return this.deleted.has(userId);
  }
}
