import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@promptlib/platform';
import type { TierChanged } from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { UserTierEntity } from './user-tier.entity';

const USER_TIERS = '"library"."user_tiers"';
const PROMPTS = '"library"."prompts"';
const CATEGORIES = '"library"."categories"';

/** The tier projection's table, and the counts its limits are measured against. */
@Injectable()
export class TiersRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The user's tier row, created free if missing, locked for the rest of the caller's transaction. */
  async lock(manager: EntityManager, userId: number): Promise<UserTierEntity> {
    await manager.query(`INSERT INTO ${USER_TIERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    const tier = await manager.getRepository(UserTierEntity).findOne({
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
    return tier!;
  }

  find(userId: number): Promise<UserTierEntity | null> {
    return this.dataSource.getRepository(UserTierEntity).findOneBy({ userId });
  }

  async usage(userId: number): Promise<{ prompts: number; categories: number }> {
    const [usage] = await this.dataSource.query<{ prompts: number; categories: number }[]>(
      `SELECT (SELECT count(*)::int FROM ${PROMPTS} WHERE "user_id" = $1) AS prompts,
              (SELECT count(*)::int FROM ${CATEGORIES} WHERE "user_id" = $1) AS categories`,
      [userId],
    );
    return usage;
  }

  /** Writes the event's tier unless the row already holds this version or a newer one. */
  async applyIfNewer(event: TierChanged): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
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
