import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { BackgroundLoop, DATA_SOURCE, ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing-config';
import { SubscriptionMirror } from '../subscriptions/subscription-mirror';
import { FINAL_STATUSES } from '../subscriptions/subscription-rules';
import { TierLedger } from '../tiers/tier-ledger';
import { StripeEventQueue } from '../webhooks/stripe-event-queue';

const USERS_PER_PASS = 100;

/**
 * The users the sweep looks at: those announced Pro until a moment now past (their cancelled
 * subscription has ended, whether or not Stripe said so), and those with a subscription that may
 * have changed unheard: not read since its period or its cancellation ended, or not for a long while.
 */
const DUE_USERS = `
  SELECT "user_id" FROM "billing"."user_tiers" WHERE "is_pro" AND "ends_at" <= now()
  UNION
  SELECT "user_id" FROM "billing"."subscriptions"
  WHERE "status" <> ALL($1::text[])
    AND (("synced_at" < LEAST("current_period_end", COALESCE("ends_at", 'infinity'))
          AND LEAST("current_period_end", COALESCE("ends_at", 'infinity')) <= now())
         OR "synced_at" < now() - make_interval(secs => $2::float8 / 1000))
  LIMIT ${USERS_PER_PASS}`;

/** Stored events not applied within a sweep interval: their job may be lost, or failed for good. */
const UNAPPLIED_EVENTS = `
  SELECT "id" FROM "billing"."stripe_events"
  WHERE "processed_at" IS NULL AND "received_at" < now() - make_interval(secs => $1::float8 / 1000)
  ORDER BY "received_at" LIMIT ${USERS_PER_PASS}`;

/**
 * Every BILLING_SWEEP_INTERVAL_MS, on every replica: re-reads the due users' subscriptions from
 * Stripe and settles their tier (TierLedger announces any change). A user another replica is
 * working on is skipped, not waited for; a Stripe that cannot be reached leaves the stored state,
 * which still ends a cancelled subscription at its end date. It also queues again the stored
 * Stripe events still unapplied, so a Redis that lost its queue cannot lose a payment.
 */
@Injectable()
export class SubscriptionSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop = new BackgroundLoop({ step: () => this.pass() });

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
    private readonly queue: StripeEventQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass; answers the pause before the next. */
  async pass(): Promise<number> {
    await this.settleDueUsers();
    await this.requeueUnappliedEvents();
    return this.config.BILLING_SWEEP_INTERVAL_MS;
  }

  private async settleDueUsers(): Promise<void> {
    try {
      const due = await this.dataSource.query<{ user_id: number }[]>(DUE_USERS, [
        FINAL_STATUSES,
        this.config.BILLING_RESYNC_AFTER_MS,
      ]);
      for (const { user_id: userId } of due) {
        if (!this.loop.isRunning) break;
        await this.ledger.forUserUnlessBusy(userId, (manager) =>
          this.mirror.syncLive(manager, userId, 'keep'),
        );
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Subscription sweep failed; trying again next interval');
    }
  }

  // Apart from the subscriptions' part, so a Redis that is away never keeps a tier from settling.
  private async requeueUnappliedEvents(): Promise<void> {
    try {
      const unapplied = await this.dataSource.query<{ id: string }[]>(UNAPPLIED_EVENTS, [
        this.config.BILLING_SWEEP_INTERVAL_MS,
      ]);
      for (const { id } of unapplied) {
        if (!this.loop.isRunning) break;
        const outcome = await this.queue.requeue(id);
        if (outcome !== 'in-queue') {
          this.logger.warn({ eventId: id, outcome }, 'Unapplied Stripe event queued again');
        }
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Stored Stripe events not queued again; trying again next interval');
    }
  }
}
