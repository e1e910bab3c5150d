import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJob, ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import { BILLING_DATA, type BillingData } from '../billing-data';
import { BILLING_CONFIG, type BillingConfig } from '../config/billing-config';
import { SubscriptionMirror } from '../subscriptions/subscription-mirror';
import { FINAL_STATUSES } from '../subscriptions/subscription-rules';
import { TierLedger } from '../tiers/tier-ledger';
import { StripeEventQueue } from '../webhooks/stripe-event-queue';

// Users settled, and stored events queued again, in one pass at most.
const USERS_PER_PASS = 100;

/**
 * Every BILLING_SWEEP_INTERVAL_MS, on every replica: re-reads the due users' subscriptions from
 * Stripe and settles their tier (TierLedger announces any change). A user another replica is
 * working on is skipped, not waited for; a Stripe that cannot be reached leaves the stored state,
 * which still ends a cancelled subscription at its end date. It also queues again the stored
 * Stripe events still unapplied, so a Redis that lost its queue cannot lose a payment.
 */
@Injectable()
export class SubscriptionSweep extends BackgroundJob {
  constructor(
    @Inject(BILLING_DATA) private readonly data: BillingData,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly mirror: SubscriptionMirror,
    private readonly ledger: TierLedger,
    private readonly queue: StripeEventQueue,
  ) {
    super();
  }

  /** One pass; answers the pause before the next. */
  override async pass(): Promise<number> {
    await this.settleDueUsers();
    await this.requeueUnappliedEvents();
    return this.config.BILLING_SWEEP_INTERVAL_MS;
  }

  private async settleDueUsers(): Promise<void> {
    try {
      const due = await this.data.direct.subscriptions.dueUsers(
        FINAL_STATUSES,
        this.config.BILLING_RESYNC_AFTER_MS,
        USERS_PER_PASS,
      );
      for (const userId of due) {
        if (!this.loop.isRunning) break;
        await this.ledger.forUserUnlessBusy(userId, (tx) => this.mirror.syncLive(tx, userId, 'keep'));
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Subscription sweep failed; trying again next interval');
    }
  }

  // Apart from the subscriptions' part, so a Redis that is away never keeps a tier from settling.
  private async requeueUnappliedEvents(): Promise<void> {
    try {
      // Not applied within a sweep interval: their job may be lost, or failed for good.
      const unapplied = await this.data.direct.stripeEvents.unapplied(
        this.config.BILLING_SWEEP_INTERVAL_MS,
        USERS_PER_PASS,
      );
      for (const id of unapplied) {
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
