import type { Db } from '@promptlib/platform/service';
import type { Tier } from '../subscriptions/subscription-rules';
import { UserTierEntity } from './user-tier.entity';

const USER_TIERS = '"billing"."user_tiers"';

/** The tier billing last announced for each user, whose row is also the user's lock. */
export class UserTiersRepository {
  constructor(private readonly db: Db) {}

  /**
   * The user's tier row, made (free, version 0) if missing, locked until the transaction ends; with
   * `skipLocked`, null at once when another transaction holds it.
   */
  async lock(userId: number, skipLocked: boolean): Promise<UserTierEntity | null> {
    await this.db.query(`INSERT INTO ${USER_TIERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    return this.db.repository(UserTierEntity).findOne({
      where: { userId },
      lock: skipLocked
        ? { mode: 'pessimistic_write', onLocked: 'skip_locked' }
        : { mode: 'pessimistic_write' },
    });
  }

  /** Records the tier announced with this version. */
  async settle(userId: number, tier: Tier, version: number): Promise<void> {
    await this.db.repository(UserTierEntity).update({ userId }, { ...tier, version });
  }
}
