import { Inject, Injectable } from '@nestjs/common';
import { eventSubjects } from '@promptlib/proto';
import { AccountErased } from '../accounts/account-erased';
import { BILLING_DATA, type BillingData, type BillingTransaction } from '../billing-data';
import { sameTier, tierOf, type Tier } from '../subscriptions/subscription-rules';
import type { UserTierEntity } from './user-tier.entity';

/** The tier as last announced, and the version of that announcement. */
export type SettledTier = Tier & { version: number };

export type UserWork<T> = { result: T; tier: SettledTier };

// Versions travel as int4 (the library's column); one per change, so this is never reached in practice.
const MAX_VERSION = 2_147_483_647;

/**
 * Everything billing does for one user runs here, one at a time per user across every replica: in
 * one transaction holding the user's row, the work (which reads Stripe fresh and stores what it
 * read), then the user's tier worked out again from all their subscriptions. A tier that differs
 * from the one last announced is announced in tier.changed, with the next version, in the same
 * transaction (the outbox), so a stored change and its event commit together or not at all.
 */
@Injectable()
export class TierLedger {
  constructor(@Inject(BILLING_DATA) private readonly data: BillingData) {}

  async forUser<T>(userId: number, work: (tx: BillingTransaction) => Promise<T>): Promise<UserWork<T>> {
    return (await this.run(userId, work, false))!;
  }

  /** As forUser, unless another process is working for the user right now: then null, at once. */
  forUserUnlessBusy<T>(
    userId: number,
    work: (tx: BillingTransaction) => Promise<T>,
  ): Promise<UserWork<T> | null> {
    return this.run(userId, work, true);
  }

  private run<T>(
    userId: number,
    work: (tx: BillingTransaction) => Promise<T>,
    skipLocked: boolean,
  ): Promise<UserWork<T> | null> {
    return this.data.transaction(async (tx) => {
      const held = await tx.tiers.lock(userId, skipLocked);
      if (!held) return null;
      // Thrown, so the tier row the lock made is rolled back with everything else.
      if (await tx.accounts.isErased(userId)) throw new AccountErased(userId);
      const result = await work(tx);
      const tier = tierOf(await tx.subscriptions.ofUser(userId), new Date());
      if (sameTier(held, tier)) return { result, tier: settled(held) };
      if (held.version >= MAX_VERSION) throw new Error(`Tier version of user ${userId} is exhausted`);
      const version = held.version + 1;
      await tx.tiers.settle(userId, tier, version);
      await tx.outbox.add(eventSubjects.tierChanged, {
        userId,
        isPro: tier.isPro,
        isCancelled: tier.isCancelled,
        endsAt: tier.endsAt?.toISOString() ?? null,
        version,
      });
      return { result, tier: { ...tier, version } };
    });
  }
}

function settled(row: UserTierEntity): SettledTier {
  return { isPro: row.isPro, isCancelled: row.isCancelled, endsAt: row.endsAt, version: row.version };
}
