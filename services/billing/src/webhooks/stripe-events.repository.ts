import type { Db } from '@promptlib/platform/service';
import type Stripe from 'stripe';
import { IsNull } from 'typeorm';
import type { EventTarget } from './event-target';
import { StripeEventEntity } from './stripe-event.entity';

const INBOX = '"billing"."stripe_events"';

/** The inbox of verified Stripe events: each stored once, then applied (or ignored) once. */
export class StripeEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the event unless stored already. Answers whether it has been applied (false when this
   * call stored it), or null when a delivery running alongside stored it after this statement began.
   */
  async store(event: Stripe.Event): Promise<{ processed: boolean } | null> {
    const [stored] = await this.db.query<{ processed: boolean }>(
      `WITH inserted AS (
         INSERT INTO ${INBOX} ("id", "type", "payload") VALUES ($1, $2, $3)
         ON CONFLICT ("id") DO NOTHING RETURNING false AS processed)
       SELECT processed FROM inserted
       UNION ALL SELECT "processed_at" IS NOT NULL FROM ${INBOX} WHERE "id" = $1
       LIMIT 1`,
      [event.id, event.type, JSON.stringify(event)],
    );
    return stored ?? null;
  }

  /** Counts an attempt at a stored event not yet applied, and answers it; null if applied or absent. */
  async claim(id: string): Promise<Stripe.Event | null> {
    const [pending] = await this.db.changed<{ payload: Stripe.Event }>(
      `UPDATE ${INBOX} SET "attempts" = "attempts" + 1
       WHERE "id" = $1 AND "processed_at" IS NULL RETURNING "payload"`,
      [id],
    );
    return pending?.payload ?? null;
  }

  exists(id: string): Promise<boolean> {
    return this.db.repository(StripeEventEntity).existsBy({ id });
  }

  /** The user a subscription belongs to: by the checkout that started it, the subscription, or the customer. */
  async ownerOf(target: EventTarget): Promise<number | null> {
    const [owner] = await this.db.query<{ userId: number | null }>(
      `SELECT COALESCE(
         (SELECT "user_id" FROM "billing"."checkout_sessions" WHERE "id" = $1),
         (SELECT "user_id" FROM "billing"."subscriptions" WHERE "id" = $2),
         (SELECT "user_id" FROM "billing"."customers" WHERE "stripe_customer_id" = $3)
       ) AS "userId"`,
      [target.checkoutSessionId, target.subscriptionId, target.customerId],
    );
    return owner?.userId ?? null;
  }

  /** Marks an event about nothing of ours done, unless it has been applied meanwhile. */
  async markIgnored(id: string): Promise<void> {
    await this.db
      .repository(StripeEventEntity)
      .update({ id, processedAt: IsNull() }, { processedAt: new Date(), outcome: 'ignored' });
  }

  async markApplied(id: string): Promise<void> {
    await this.db
      .repository(StripeEventEntity)
      .update({ id }, { processedAt: new Date(), outcome: 'applied', lastError: null });
  }

  async recordFailure(id: string, message: string): Promise<void> {
    await this.db.repository(StripeEventEntity).update({ id }, { lastError: message });
  }

  /** Seconds since the oldest event not yet applied was stored; 0 when there is none. */
  async oldestUnprocessedAge(): Promise<number> {
    const [row] = await this.db.query<{ age: number | null }>(
      `SELECT EXTRACT(EPOCH FROM now() - min("received_at"))::float8 AS age
       FROM ${INBOX} WHERE "processed_at" IS NULL`,
    );
    return row?.age ?? 0;
  }

  /** Up to `limit` events stored more than `olderThanMs` ago and not applied, oldest first. */
  async unapplied(olderThanMs: number, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT "id" FROM ${INBOX}
       WHERE "processed_at" IS NULL AND "received_at" < now() - make_interval(secs => $1::float8 / 1000)
       ORDER BY "received_at" LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map((row) => row.id);
  }
}
