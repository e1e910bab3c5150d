import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@promptlib/platform';
import type Stripe from 'stripe';
import { IsNull, type DataSource } from 'typeorm';
import { SubscriptionMirror, markCompleted } from '../subscriptions/subscription-mirror';
import { TierLedger } from '../tiers/tier-ledger';
import { StripeEventEntity } from './stripe-event.entity';
import { targetOf, type EventTarget } from './event-target';

const INBOX = '"billing"."stripe_events"';

export type ApplyOutcome = 'applied' | 'ignored' | 'already-applied' | 'not-in-inbox';

/**
 * Applies a stored Stripe event: the subscription it concerns is read fresh from Stripe and stored
 * under the user's lock (TierLedger), the event marked applied in the same transaction. Reading
 * fresh under the lock is what makes duplicates, any delivery order and two workers at once end in
 * Stripe's state: each write carries a reading taken after the previous write committed.
 */
@Injectable()
export class StripeEventProcessor {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
  ) {}

  async apply(eventId: string): Promise<ApplyOutcome> {
    const inbox = this.dataSource.getRepository(StripeEventEntity);
    // TypeORM answers an UPDATE with [rows, count].
    const [[pending]] = await this.dataSource.query<[{ payload: Stripe.Event }[], number]>(
      `UPDATE ${INBOX} SET "attempts" = "attempts" + 1
       WHERE "id" = $1 AND "processed_at" IS NULL RETURNING "payload"`,
      [eventId],
    );
    if (!pending) return (await inbox.existsBy({ id: eventId })) ? 'already-applied' : 'not-in-inbox';
    const target = targetOf(pending.payload);
    const userId = target ? await this.ownerOf(target) : null;
    if (!target || userId === null) {
      // Not about a subscription of one of our users (another app on the same account, say).
      await inbox.update(
        { id: eventId, processedAt: IsNull() },
        { processedAt: new Date(), outcome: 'ignored' },
      );
      return 'ignored';
    }
    await this.ledger.forUser(userId, async (manager) => {
      await this.mirror.sync(manager, userId, target.subscriptionId);
      if (target.checkoutSessionId)
        await markCompleted(manager, target.checkoutSessionId, target.subscriptionId);
      await manager.update(
        StripeEventEntity,
        { id: eventId },
        { processedAt: new Date(), outcome: 'applied', lastError: null },
      );
    });
    return 'applied';
  }

  /** Why the last attempt failed, kept on the inbox row for whoever looks. */
  async recordFailure(eventId: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.dataSource
      .getRepository(StripeEventEntity)
      .update({ id: eventId }, { lastError: message.slice(0, 1_000) });
  }

  /** The user the subscription belongs to: by the checkout that started it, the subscription, or the customer. */
  private async ownerOf(target: EventTarget): Promise<number | null> {
    const [owner] = await this.dataSource.query<{ userId: number | null }[]>(
      `SELECT COALESCE(
         (SELECT "user_id" FROM "billing"."checkout_sessions" WHERE "id" = $1),
         (SELECT "user_id" FROM "billing"."subscriptions" WHERE "id" = $2),
         (SELECT "user_id" FROM "billing"."customers" WHERE "stripe_customer_id" = $3)
       ) AS "userId"`,
      [target.checkoutSessionId, target.subscriptionId, target.customerId],
    );
    return owner?.userId ?? null;
  }
}
