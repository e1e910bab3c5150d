import type { Db } from '@promptlib/platform/service';
import { In, IsNull, Not } from 'typeorm';
import type { SubscriptionState } from './subscription-rules';
import { SubscriptionEntity } from './subscription.entity';

/** A subscription as first stored: what Stripe said of it, for its user. */
export type NewSubscription = Pick<
  SubscriptionEntity,
  'id' | 'userId' | 'customerId' | 'priceId' | 'version' | 'syncedAt'
> &
  SubscriptionState;

/** What a re-read changes of a stored subscription: the time of the read, and the state if it differs. */
export type SubscriptionChange = Partial<
  SubscriptionState & Pick<SubscriptionEntity, 'priceId' | 'version'>
> &
  Pick<SubscriptionEntity, 'syncedAt'>;

/**
 * The users the sweep looks at: those announced Pro until a moment now past (their cancelled
 * subscription has ended, whether or not Stripe said so), and those with a subscription that may
 * have changed unheard: not read since its period or its cancellation ended, or not for a long while,
 * unless its last re-read failed and its wait is not over (see deferSweep).
 */
const DUE_USERS = `
  SELECT "user_id" FROM "billing"."user_tiers" WHERE "is_pro" AND "ends_at" <= now()
  UNION
  SELECT "user_id" FROM "billing"."subscriptions"
  WHERE "status" <> ALL($1::text[])
    AND (("synced_at" < LEAST("current_period_end", COALESCE("ends_at", 'infinity'))
          AND LEAST("current_period_end", COALESCE("ends_at", 'infinity')) <= now())
         OR "synced_at" < now() - make_interval(secs => $2::float8 / 1000))
    AND ("sweep_retry_at" IS NULL OR "sweep_retry_at" <= now())
  LIMIT $3`;

/** One minute after the first failure, doubling with each, a day at most. */
const DEFER_SWEEP = `
  UPDATE "billing"."subscriptions"
  SET "sweep_failures" = "sweep_failures" + 1,
      "sweep_retry_at" = now() + LEAST(interval '1 minute' * power(2, LEAST("sweep_failures", 20)), interval '1 day')
  WHERE "id" = $1`;

/** Billing's copy of the Stripe subscriptions, by id and by user. */
export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<SubscriptionEntity | null> {
    return this.db.repository(SubscriptionEntity).findOneBy({ id });
  }

  ofUser(userId: number): Promise<SubscriptionEntity[]> {
    return this.db.repository(SubscriptionEntity).find({ where: { userId } });
  }

  /** The user's subscriptions in none of `finalStatuses`: those that may still change. */
  ofUserExcept(userId: number, finalStatuses: readonly string[]): Promise<SubscriptionEntity[]> {
    return this.db.repository(SubscriptionEntity).find({
      where: { userId, status: Not(In([...finalStatuses])) },
    });
  }

  async insert(subscription: NewSubscription): Promise<SubscriptionEntity> {
    const repository = this.db.repository(SubscriptionEntity);
    const created = repository.create(subscription);
    await repository.insert(created);
    return created;
  }

  /** A re-read that succeeded: the state it read, and no wait before the next. */
  async update(id: string, change: SubscriptionChange): Promise<void> {
    await this.db
      .repository(SubscriptionEntity)
      .update({ id }, { ...change, sweepFailures: 0, sweepRetryAt: null });
  }

  /** The sweep could not re-read it: it waits longer after each failure in a row (see DEFER_SWEEP). */
  /** Records that billing refunded the subscription (a second one, paid all the same). */
  async markRefunded(id: string): Promise<void> {
    await this.db
      .repository(SubscriptionEntity)
      .update({ id, refundedAt: IsNull() }, { refundedAt: new Date() });
  }

  async deferSweep(id: string): Promise<void> {
    await this.db.query(DEFER_SWEEP, [id]);
  }

  /**
   * Up to `limit` users due a sweep (see DUE_USERS): a subscription in none of `finalStatuses`
   * unread since its period or cancellation ended or for `resyncAfterMs`, or a Pro tier past its end.
   */
  async dueUsers(finalStatuses: readonly string[], resyncAfterMs: number, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }>(DUE_USERS, [finalStatuses, resyncAfterMs, limit]);
    return rows.map((row) => row.user_id);
  }
}
