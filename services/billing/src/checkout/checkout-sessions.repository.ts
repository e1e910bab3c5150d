import type { Db } from '@promptlib/platform/service';
import { IsNull, MoreThan } from 'typeorm';
import { CheckoutSessionEntity } from './checkout-session.entity';

/** The checkouts billing started, each its user's. */
export class CheckoutSessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(checkout: Pick<CheckoutSessionEntity, 'id' | 'userId' | 'priceId'>): Promise<void> {
    await this.db.repository(CheckoutSessionEntity).insert(checkout);
  }

  /** The checkout if it is the user's; another user's is not found. */
  findOwned(userId: number, id: string): Promise<CheckoutSessionEntity | null> {
    return this.db.repository(CheckoutSessionEntity).findOneBy({ id, userId });
  }

  /** The user's newest `limit` checkouts started after `since`, neither seen completed nor expired, newest first. */
  pending(userId: number, since: Date, limit: number): Promise<CheckoutSessionEntity[]> {
    return this.db.repository(CheckoutSessionEntity).find({
      where: { userId, completedAt: IsNull(), expiredAt: IsNull(), createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /** Records that billing ended the checkout at Stripe unpaid: it is no longer read. */
  async markExpired(id: string): Promise<void> {
    await this.db
      .repository(CheckoutSessionEntity)
      .update({ id, completedAt: IsNull(), expiredAt: IsNull() }, { expiredAt: new Date() });
  }

  /** Records that the checkout's subscription was a second one, cancelled and refunded. */
  async markRefunded(subscriptionId: string): Promise<void> {
    await this.db
      .repository(CheckoutSessionEntity)
      .update({ subscriptionId, refundedAt: IsNull() }, { refundedAt: new Date() });
  }

  /**
   * Records that a checkout was paid and which subscription it started (the first time only), and
   * the subscription's refund if billing already refunded it (its webhooks came first).
   */
  async markCompleted(id: string, subscriptionId: string): Promise<void> {
    await this.db.query(
      `UPDATE "billing"."checkout_sessions" SET "subscription_id" = $2, "completed_at" = now(),
         "refunded_at" = (SELECT "refunded_at" FROM "billing"."subscriptions" WHERE "id" = $2)
       WHERE "id" = $1 AND "completed_at" IS NULL`,
      [id, subscriptionId],
    );
  }
}
