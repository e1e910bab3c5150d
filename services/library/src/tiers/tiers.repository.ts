import type { Db, PreparedStatement } from '@promptlib/platform/service';
import type { TierChanged } from '@promptlib/proto';
import { UserTierEntity } from './user-tier.entity';

/** What the limits depend on. */
export type TierState = Pick<UserTierEntity, 'isPro' | 'isCancelled' | 'endsAt'>;

type TierAndUsageRow = {
  isPro: boolean | null;
  isCancelled: boolean | null;
  endsAt: Date | null;
  prompts: number;
  categories: number;
};

const USER_TIERS = '"library"."user_tiers"';
const PROMPTS = '"library"."prompts"';
const CATEGORIES = '"library"."categories"';

// The limits read, the most frequent call after the list, prepared once per connection (see queryPrepared).
const TIER_AND_USAGE: PreparedStatement = {
  name: 'library-tier-and-usage',
  text: `SELECT t."is_pro" AS "isPro", t."is_cancelled" AS "isCancelled", t."ends_at" AS "endsAt",
                (SELECT count(*)::int FROM ${PROMPTS} WHERE "user_id" = $1) AS prompts,
                (SELECT count(*)::int FROM ${CATEGORIES} WHERE "user_id" = $1) AS categories
         FROM (SELECT $1::int AS "user_id") AS u LEFT JOIN ${USER_TIERS} AS t USING ("user_id")`,
};

const TIER_STATE: PreparedStatement = {
  name: 'library-tier-state',
  text: `SELECT "is_pro" AS "isPro", "is_cancelled" AS "isCancelled", "ends_at" AS "endsAt"
         FROM ${USER_TIERS} WHERE "user_id" = $1`,
};

/** The tier projection's table, and the counts its limits are measured against. */
export class TiersRepository {
  constructor(private readonly db: Db) {}

  /** The user's tier row, created free if missing, locked for the rest of the caller's transaction. */
  async lock(userId: number): Promise<UserTierEntity> {
    await this.db.query(`INSERT INTO ${USER_TIERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    const tier = await this.db.repository(UserTierEntity).findOne({
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
    return tier!;
  }

  find(userId: number): Promise<UserTierEntity | null> {
    return this.db.repository(UserTierEntity).findOneBy({ userId });
  }

  /** What Pro status depends on (null without a row): asked for the user on every page load. */
  async state(userId: number): Promise<TierState | null> {
    const [row] = await this.db.prepared<TierState>(TIER_STATE, [userId]);
    return row ?? null;
  }

  /** The user's tier (null without a row) and their counts, in one query: the limits read. */
  async tierAndUsage(
    userId: number,
  ): Promise<{ tier: TierState | null; prompts: number; categories: number }> {
    const [row] = await this.db.prepared<TierAndUsageRow>(TIER_AND_USAGE, [userId]);
    const { isPro, isCancelled, endsAt, prompts, categories } = row;
    return {
      tier: isPro === null ? null : { isPro, isCancelled: isCancelled!, endsAt },
      prompts,
      categories,
    };
  }

  /** Writes the event's tier unless the row already holds this version or a newer one. */
  async applyIfNewer(event: TierChanged): Promise<boolean> {
    const rows = await this.db.query<unknown>(
      `INSERT INTO ${USER_TIERS} ("user_id", "is_pro", "is_cancelled", "ends_at", "version", "updated_at")
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT ("user_id") DO UPDATE
         SET "is_pro" = EXCLUDED."is_pro", "is_cancelled" = EXCLUDED."is_cancelled",
             "ends_at" = EXCLUDED."ends_at", "version" = EXCLUDED."version", "updated_at" = now()
         WHERE "user_tiers"."version" < EXCLUDED."version"
       RETURNING "user_id"`,
      [event.userId, event.isPro, event.isCancelled, event.endsAt, event.version],
    );
    return rows.length > 0;
  }
}
