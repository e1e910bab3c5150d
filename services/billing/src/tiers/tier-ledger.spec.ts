import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSubjects } from '@promptlib/proto';
import { inMemoryBilling, type InMemoryBilling } from '../../test/fakes/in-memory-billing';
import type { BillingTransaction } from '../billing-data';
import { TierLedger } from './tier-ledger';

const userId = 1;
const DAY_MS = 86_400_000;

describe('TierLedger', () => {
  let billing: InMemoryBilling;
  let ledger: TierLedger;

  beforeEach(() => {
    billing = inMemoryBilling();
    ledger = new TierLedger(billing);
  });

  const storeSubscription = (
    tx: BillingTransaction,
    id: string,
    fields: { status?: string; endsAt?: Date | null },
  ) =>
    tx.subscriptions.insert({
      id,
      userId,
      customerId: 'cus_1',
      priceId: 'price_pro_monthly',
      status: fields.status ?? 'active',
      currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      endsAt: fields.endsAt ?? null,
      endedAt: null,
      version: 1,
      syncedAt: new Date(),
    });

  it('answers free at version 0, announcing nothing, for a user who never subscribed', async () => {
    expect(await ledger.forUser(userId, async () => 'done')).toEqual({
      result: 'done',
      tier: { isPro: false, isCancelled: false, endsAt: null, version: 0 },
    });
    expect(billing.events).toEqual([]);
  });

  it('announces a change once, with the next version, and nothing when the tier stays the same', async () => {
    const first = await ledger.forUser(userId, (tx) => storeSubscription(tx, 'sub_1', {}));
    expect(first.tier).toEqual({ isPro: true, isCancelled: false, endsAt: null, version: 1 });
    expect((await ledger.forUser(userId, async () => undefined)).tier.version).toBe(1);
    expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
      { userId, isPro: true, isCancelled: false, endsAt: null, version: 1 },
    ]);
    expect(billing.tables.tiers).toMatchObject([{ userId, isPro: true, version: 1 }]);
  });

  it('announces a cancelled tier with the end date of the last subscription to end', async () => {
    const endsAt = new Date(Date.now() + 10 * DAY_MS);
    await ledger.forUser(userId, async (tx) => {
      await storeSubscription(tx, 'sub_1', { endsAt: new Date(Date.now() + 5 * DAY_MS) });
      await storeSubscription(tx, 'sub_2', { endsAt });
    });
    expect(billing.eventsOf(eventSubjects.tierChanged)).toEqual([
      { userId, isPro: true, isCancelled: true, endsAt: endsAt.toISOString(), version: 1 },
    ]);
  });

  it('stores and announces nothing when the work fails', async () => {
    await expect(
      ledger.forUser(userId, async (tx) => {
        await storeSubscription(tx, 'sub_1', {});
        throw new Error('Stripe went away');
      }),
    ).rejects.toThrow('Stripe went away');
    expect(billing.tables.subscriptions).toEqual([]);
    expect(billing.tables.tiers).toEqual([]);
    expect(billing.events).toEqual([]);
  });

  it('skips a user another process is working for, at once and without running the work', async () => {
    billing.tables.busyUsers.push(userId);
    const work = vi.fn(async () => 'done');
    expect(await ledger.forUserUnlessBusy(userId, work)).toBeNull();
    expect(work).not.toHaveBeenCalled();
    expect(await ledger.forUserUnlessBusy(2, work)).toMatchObject({ result: 'done' });
  });

  it('refuses to announce a change past the largest version the library can hold', async () => {
    await ledger.forUser(userId, async () => undefined);
    billing.tables.tiers[0].version = 2_147_483_647;
    await expect(ledger.forUser(userId, (tx) => storeSubscription(tx, 'sub_1', {}))).rejects.toThrow(
      `Tier version of user ${userId} is exhausted`,
    );
    expect(billing.events).toEqual([]);
  });
});
