import { DeletedUsers, type Db } from '@promptlib/platform/service';

/** Billing's records of one user as a whole: erased at once when their account is deleted. */
export class AccountsRepository {
  private readonly deleted: DeletedUsers;

  constructor(private readonly db: Db) {
    this.deleted = new DeletedUsers(db, 'billing');
  }

  /**
   * Deletes the user's checkouts, subscriptions, customer, tier and the Stripe events about them,
   * and remembers that they were deleted; answers the rows deleted per table. The caller holds the
   * user's lock (their tier row), so no other work for the user interleaves.
   */
  async erase(userId: number): Promise<Record<string, number>> {
    await this.deleted.remember(userId);
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

  isErased(userId: number): Promise<boolean> {
    return this.deleted.has(userId);
  }
}
