import { describe, expect, it } from 'vitest';
import { inMemoryLibrary, testLibraryConfig } from '../../test/fakes/in-memory-library';
import { TiersService } from './tiers.service';
import type { UserTierEntity } from './user-tier.entity';

const tier = (fields: Partial<UserTierEntity>) =>
  ({ userId: 1, isPro: false, isCancelled: false, endsAt: null, version: 1, ...fields }) as UserTierEntity;

describe('TiersService rules', () => {
  const tiers = new TiersService(inMemoryLibrary(), testLibraryConfig);

  it('treats a user without a row as free', () => {
    expect(tiers.isPro(null)).toBe(false);
    expect(tiers.promptAllowance(null, 4)).toEqual({ used: 4, limit: 5, canCreate: true, max: 5 });
    expect(tiers.promptAllowance(null, 5)).toMatchObject({ canCreate: false });
  });

  it('shows Pro as unlimited but keeps the abuse quotas', () => {
    const pro = tier({ isPro: true });
    expect(tiers.promptAllowance(pro, 49_999)).toEqual({
      used: 49_999,
      limit: -1,
      canCreate: true,
      max: 50_000,
    });
    expect(tiers.categoryAllowance(pro, 500)).toEqual({ used: 500, limit: -1, canCreate: false, max: 500 });
  });

  it('keeps a cancelled subscription Pro until its end date, then not', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(
      tiers.isPro(tier({ isPro: true, isCancelled: true, endsAt: new Date('2026-06-02T00:00:00Z') }), now),
    ).toBe(true);
    expect(
      tiers.isPro(tier({ isPro: true, isCancelled: true, endsAt: new Date('2026-05-31T00:00:00Z') }), now),
    ).toBe(false);
  });

  it('counts General toward the free category limit of 1', () => {
    expect(tiers.categoryAllowance(null, 1)).toEqual({ used: 1, limit: 1, canCreate: false, max: 1 });
  });
});

describe('TiersService projection', () => {
  const userId = 7;
  const changed = (
    version: number,
    fields: { isPro: boolean; isCancelled?: boolean; endsAt?: string | null },
  ) => ({
    userId,
    isCancelled: false,
    endsAt: null,
    version,
    ...fields,
  });

  it('applies a tier change once, and ignores the same version again or an older one', async () => {
    const tiers = new TiersService(inMemoryLibrary(), testLibraryConfig);
    expect(await tiers.applyTierChanged(changed(2, { isPro: true }))).toBe(true);
    expect(await tiers.applyTierChanged(changed(2, { isPro: false }))).toBe(false);
    expect(await tiers.applyTierChanged(changed(1, { isPro: false }))).toBe(false);
    expect(await tiers.status({ userId })).toEqual({ isPro: true });
  });

  it('answers the limits of a free user who never had a tier', async () => {
    const tiers = new TiersService(inMemoryLibrary(), testLibraryConfig);
    expect(await tiers.limits({ userId })).toEqual({
      isPro: false,
      prompts: { used: 0, limit: 5, canCreate: true },
      categories: { used: 0, limit: 1, canCreate: true },
      versionsKept: 20,
      subscription: { isCancelled: false, endsAt: null },
    });
  });

  it('ends Pro at the end date of a cancelled subscription even before billing says so', async () => {
    const tiers = new TiersService(inMemoryLibrary(), testLibraryConfig);
    const endsAt = new Date(Date.now() - 60_000).toISOString();
    await tiers.applyTierChanged(changed(1, { isPro: true, isCancelled: true, endsAt }));
    expect(await tiers.limits({ userId })).toMatchObject({
      isPro: false,
      prompts: { limit: 5 },
      versionsKept: 20,
      subscription: { isCancelled: true, endsAt },
    });
  });

  it('tells a waiting caller at once when the projection already holds the version', async () => {
    const tiers = new TiersService(inMemoryLibrary(), testLibraryConfig);
    await tiers.applyTierChanged(changed(3, { isPro: true }));
    expect(await tiers.awaitVersion({ userId, version: 2, timeoutMs: 5_000 })).toEqual({
      reached: true,
      version: 3,
    });
    expect(await tiers.awaitVersion({ userId, version: 4, timeoutMs: 0 })).toEqual({
      reached: false,
      version: 3,
    });
  });
});
