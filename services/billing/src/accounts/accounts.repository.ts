import type { Db } from '@promptlib/platform';

const DELETED_USERS = '"billing"."deleted_users"';

/**
 * A deleted user is remembered for longer than the events stream keeps any event (7 days), so no
 * event about them can still arrive when they are forgotten.
 */
export const DELETED_USER_KEPT_DAYS = 8;

/** Billing's records of one user as a whole: erased at once when their account is deleted. */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Deletes the user's checkouts, subscriptions, customer, tier and the Stripe events about them,
   * and remembers that they were deleted; answers the rows deleted per table. The caller holds the
   * user's lock (their tier row), so no other work for the user interleaves.
   */
  async erase(userId: number): Promise<Record<string, number>> {
    await this.db.query(`INSERT INTO ${DELETED_USERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [
      userId,
    ]);
    const count = async (sql: string, values: unknown[]) =>
      (
        await this.db.query<{ n: number }>(
          `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          values,
        )
      )[0]!.n;
    // Stripe's events name the user's customer, subscriptions and checkouts, never the user.
    const stripeEvents = await count(
      `DELETE FROM "billing"."stripe_events" e
       WHERE e."payload"->'data'->'object'->>'customer' IN
               (SELECT "stripe_customer_id" FROM "billing"."customers" WHERE "user_id" = $1)
          OR e."payload"->'data'->'object'->>'id' IN
               (SELECT "id" FROM "billing"."subscriptions" WHERE "user_id" = $1
                UNION SELECT "id" FROM "billing"."checkout_sessions" WHERE "user_id" = $1)`,
      [userId],
    );
    const deleted: Record<string, number> = { stripe_events: stripeEvents };
    for (const table of ['checkout_sessions', 'subscriptions', 'customers', 'user_tiers']) {
      deleted[table] = await count(`DELETE FROM "billing"."${table}" WHERE "user_id" = $1`, [userId]);
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
