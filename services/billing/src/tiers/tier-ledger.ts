import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, writeOutbox } from '@promptlib/platform';
import { eventSubjects } from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { sameTier, tierOf, type Tier } from '../subscriptions/subscription-rules';
import { UserTierEntity } from './user-tier.entity';

/** The tier as last announced, and the version of that announcement. */
export type SettledTier = Tier & { version: number };

export type UserWork<T> = { result: T; tier: SettledTier };

// Versions travel as int4 (the library's column); one per change, so this is never reached in practice.
const MAX_VERSION = 2_147_483_647;

const USER_TIERS = '"billing"."user_tiers"';

/**
 * Everything billing does for one user runs here, one at a time per user across every replica: in
 * one transaction holding the user's row, the work (which reads Stripe fresh and stores what it
 * read), then the user's tier worked out again from all their subscriptions. A tier that differs
 * from the one last announced is announced in tier.changed, with the next version, in the same
 * transaction (the outbox), so a stored change and its event commit together or not at all.
 */
@Injectable()
export class TierLedger {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelay,
  ) {}

  async forUser<T>(userId: number, work: (manager: EntityManager) => Promise<T>): Promise<UserWork<T>> {
    return (await this.run(userId, work, false))!;
  }

  /** As forUser, unless another process is working for the user right now: then null, at once. */
  forUserUnlessBusy<T>(
    userId: number,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<UserWork<T> | null> {
    return this.run(userId, work, true);
  }

  private async run<T>(
    userId: number,
    work: (manager: EntityManager) => Promise<T>,
    skipLocked: boolean,
  ): Promise<UserWork<T> | null> {
    let announced = false;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const held = await lockUser(manager, userId, skipLocked);
      if (!held) return null;
      const result = await work(manager);
      const subscriptions = await manager.find(SubscriptionEntity, { where: { userId } });
      const tier = tierOf(subscriptions, new Date());
      if (sameTier(held, tier)) return { result, tier: settled(held) };
      if (held.version >= MAX_VERSION) throw new Error(`Tier version of user ${userId} is exhausted`);
      const version = held.version + 1;
      await manager.update(UserTierEntity, { userId }, { ...tier, version });
      await writeOutbox(manager, eventSubjects.tierChanged, {
        userId,
        isPro: tier.isPro,
        isCancelled: tier.isCancelled,
        endsAt: tier.endsAt?.toISOString() ?? null,
        version,
      });
      announced = true;
      return { result, tier: { ...tier, version } };
    });
    if (announced) this.outbox.notify();
    return outcome;
  }
}

/** The user's tier row, made (free, version 0) if missing, locked until the transaction ends. */
async function lockUser(
  manager: EntityManager,
  userId: number,
  skipLocked: boolean,
): Promise<UserTierEntity | null> {
  await manager.query(`INSERT INTO ${USER_TIERS} ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  return manager.getRepository(UserTierEntity).findOne({
    where: { userId },
    lock: skipLocked ? { mode: 'pessimistic_write', onLocked: 'skip_locked' } : { mode: 'pessimistic_write' },
  });
}

function settled(row: UserTierEntity): SettledTier {
  return { isPro: row.isPro, isCancelled: row.isCancelled, endsAt: row.endsAt, version: row.version };
}
