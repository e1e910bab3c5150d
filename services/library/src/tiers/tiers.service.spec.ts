import type { LibraryConfig } from '../config/library-config';
import type { TiersRepository } from './tiers.repository';
import { TiersService } from './tiers.service';
import type { UserTierEntity } from './user-tier.entity';

const config = {
  FREE_PROMPT_LIMIT: 5,
  FREE_CATEGORY_LIMIT: 1,
  PRO_MAX_PROMPTS: 50_000,
  PRO_MAX_CATEGORIES: 500,
} as LibraryConfig;
const tiers = new TiersService({} as TiersRepository, config);
const tier = (fields: Partial<UserTierEntity>) =>
  ({ userId: 1, isPro: false, isCancelled: false, endsAt: null, version: 1, ...fields }) as UserTierEntity;

describe('TiersService rules', () => {
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
