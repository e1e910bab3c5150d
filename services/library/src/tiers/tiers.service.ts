import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@promptlib/platform';
import {
  UNLIMITED,
  type LimitsRecord,
  type TierChanged,
  type TierVersionReached,
  type UsageLimit,
} from '@promptlib/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { UserTierEntity } from './user-tier.entity';

const AWAIT_POLL_MS = 100;
const AWAIT_MAX_MS = 5_000;

/** What a user may create: the limit shown (-1 for Pro), the one enforced, and how many exist. */
export type Allowance = UsageLimit & { max: number };

/**
 * The projection of billing's tier events and the limits that follow from it. A user without a row
 * is free; a cancelled subscription stays Pro until its end date, and not a moment longer, even if
 * billing's own end-of-period event is late.
 */
@Injectable()
export class TiersService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {}

  /**
   * Locks the user's tier row (creating a free one), inside the caller's transaction: creations by
   * one user then run one at a time, so a limit check and its insert can never be raced.
   */
  async lockForCreation(manager: EntityManager, userId: number): Promise<UserTierEntity> {
    await manager.query('INSERT INTO "library"."user_tiers" ("user_id") VALUES ($1) ON CONFLICT DO NOTHING', [
      userId,
    ]);
    const tier = await manager.getRepository(UserTierEntity).findOne({
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
    return tier!;
  }

  isPro(tier: UserTierEntity | null, now = new Date()): boolean {
    if (!tier?.isPro) return false;
    return !(tier.isCancelled && tier.endsAt !== null && tier.endsAt <= now);
  }

  promptAllowance(tier: UserTierEntity | null, used: number): Allowance {
    return this.isPro(tier)
      ? allowance(used, UNLIMITED, this.config.PRO_MAX_PROMPTS)
      : allowance(used, this.config.FREE_PROMPT_LIMIT, this.config.FREE_PROMPT_LIMIT);
  }

  categoryAllowance(tier: UserTierEntity | null, used: number): Allowance {
    return this.isPro(tier)
      ? allowance(used, UNLIMITED, this.config.PRO_MAX_CATEGORIES)
      : allowance(used, this.config.FREE_CATEGORY_LIMIT, this.config.FREE_CATEGORY_LIMIT);
  }

  async find(
    userId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserTierEntity | null> {
    return manager.getRepository(UserTierEntity).findOneBy({ userId });
  }

  async limits(userId: number): Promise<LimitsRecord> {
    const [tier, [{ prompts, categories }]] = await Promise.all([
      this.find(userId),
      this.dataSource.query<{ prompts: number; categories: number }[]>(
        `SELECT (SELECT count(*)::int FROM "library"."prompts" WHERE "user_id" = $1) AS prompts,
                (SELECT count(*)::int FROM "library"."categories" WHERE "user_id" = $1) AS categories`,
        [userId],
      ),
    ]);
    const { max: _promptMax, ...promptLimit } = this.promptAllowance(tier, prompts);
    const { max: _categoryMax, ...categoryLimit } = this.categoryAllowance(tier, categories);
    return {
      isPro: this.isPro(tier),
      prompts: promptLimit,
      categories: categoryLimit,
      subscription: { isCancelled: tier?.isCancelled ?? false, endsAt: tier?.endsAt?.toISOString() ?? null },
    };
  }

  /** Applies a tier.changed event once, and only if it is newer than what the projection holds. */
  async applyTierChanged(event: TierChanged): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO "library"."user_tiers" ("user_id", "is_pro", "is_cancelled", "ends_at", "version", "updated_at")
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

  /** Lets a caller (the checkout page) wait until a tier change it knows of has reached this projection. */
  async awaitVersion(userId: number, version: number, timeoutMs: number): Promise<TierVersionReached> {
    const deadline = Date.now() + Math.min(timeoutMs, AWAIT_MAX_MS);
    for (;;) {
      const current = (await this.find(userId))?.version ?? 0;
      if (current >= version) return { reached: true, version: current };
      if (Date.now() >= deadline) return { reached: false, version: current };
      await sleep(AWAIT_POLL_MS);
    }
  }
}

function allowance(used: number, limit: number, max: number): Allowance {
  return { used, limit, canCreate: used < max, max };
}
