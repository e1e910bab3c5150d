import type { QueryRunner } from 'typeorm';
import type { Db } from '../database/db';

/**
 * A deleted user is remembered for longer than the events stream keeps any event (7 days), so no
 * event about them can still arrive when they are forgotten.
 */
export const DELETED_USER_KEPT_DAYS = 8;

const DAY_MS = 86_400_000;

/**
 * The users whose accounts were deleted, by id and time alone, in a service that deletes what it
 * holds of them from `user.deleted`: an event about one of them handled after the deletion (a tier
 * change billing made as the account went, an edit already on its way, an event another replica
 * handled later) must not bring anything of theirs back.
 */
export async function createDeletedUsersTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."deleted_users" (
      "user_id" integer PRIMARY KEY,
      "deleted_at" timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropDeletedUsersTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE "${schema}"."deleted_users"`);
}

/** A service's deleted users, for its accounts repository to use inside its transactions. */
export class DeletedUsers {
  private readonly table: string;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
  ) {
    this.table = `"${schema}"."deleted_users"`;
  }

  /**
   * Serialises the caller's transaction with any other for the same user that takes it: an
   * erasure and a change that could bring a row back never interleave.
   */
  async lock(userId: number): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [
      `${this.schema}.accounts`,
      userId,
    ]);
  }

  /** Remembers the user as deleted, and forgets those no event can name any more. */
  async remember(userId: number, now = new Date()): Promise<void> {
    await this.db.query(`INSERT INTO ${this.table} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    await this.db.query(`DELETE FROM ${this.table} WHERE "deleted_at" < $1`, [
      new Date(now.getTime() - DELETED_USER_KEPT_DAYS * DAY_MS),
    ]);
  }

  async has(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ found: number }>(
      `SELECT 1 AS found FROM ${this.table} WHERE "user_id" = $1`,
      [userId],
    );
    return rows.length > 0;
  }
}
