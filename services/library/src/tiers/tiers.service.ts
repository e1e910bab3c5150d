import { Inject, Injectable } from '@nestjs/common';
import { serviceError } from '@promptlib/platform';
import {
  UNLIMITED,
  libraryMessages,
  type LimitsRecord,
  type ParsedRequestOf,
  type TierChanged,
  type TierStatus,
  type TierVersionReached,
  type UsageLimit,
  type UserScoped,
  type subjects,
} from '@promptlib/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { LIBRARY_DATA, type LibraryData } from '../library-data';
import type { TierState } from './tiers.repository';

export type AwaitTierVersionRequest = ParsedRequestOf<typeof subjects.library.tierAwaitVersion>;

const AWAIT_POLL_MS = 100;
const AWAIT_MAX_MS = 5_000;

/** What a user may create: the limit shown (-1 for Pro), the one enforced, and how many exist. */
export type Allowance = UsageLimit & { max: number };

/**
 * The projection of billing's tier events and the limits that follow from it. A user without a row
 * is free; a cancelled subscription stays Pro until its end date, and not a moment longer, even if
 * billing's own end-of-period event is late.
 */
@Injectable()
export class TiersService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {}

  isPro(tier: TierState | null, now = new Date()): boolean {
    if (!tier?.isPro) return false;
    return !(tier.isCancelled && tier.endsAt !== null && tier.endsAt <= now);
  }

  promptAllowance(tier: TierState | null, used: number): Allowance {
    return this.isPro(tier)
      ? allowance(used, UNLIMITED, this.config.PRO_MAX_PROMPTS)
      : allowance(used, this.config.FREE_PROMPT_LIMIT, this.config.FREE_PROMPT_LIMIT);
  }

  /**
   * Refuses the prompts that would pass the plan's limit, saying which plan and limit: each new
   * prompt, and each one a restore brings back, counts the same.
   */
  requirePromptRoom(tier: TierState | null, used: number, adding = 1): void {
    const allowance = this.promptAllowance(tier, used + adding - 1);
    if (allowance.canCreate) return;
    const pro = this.isPro(tier);
    const message = pro
      ? libraryMessages.proPromptQuota(allowance.max)
      : libraryMessages.freePromptLimit(allowance.max);
    throw serviceError('PROMPT_LIMIT_REACHED', message, undefined, {
      plan: pro ? 'pro' : 'free',
      limit: allowance.max,
    });
  }

  categoryAllowance(tier: TierState | null, used: number): Allowance {
    return this.isPro(tier)
      ? allowance(used, UNLIMITED, this.config.PRO_MAX_CATEGORIES)
      : allowance(used, this.config.FREE_CATEGORY_LIMIT, this.config.FREE_CATEGORY_LIMIT);
  }

  /** How many of each prompt's newest versions the plan keeps. */
  versionsKept(tier: TierState | null): number {
    return this.isPro(tier) ? this.config.PRO_VERSIONS_KEPT : this.config.FREE_VERSIONS_KEPT;
  }

  async status({ userId }: UserScoped): Promise<TierStatus> {
    return { isPro: this.isPro(await this.data.direct.tiers.state(userId)) };
  }

  async limits({ userId }: UserScoped): Promise<LimitsRecord> {
    const { tier, prompts, categories } = await this.data.direct.tiers.tierAndUsage(userId);
    const { max: _promptMax, ...promptLimit } = this.promptAllowance(tier, prompts);
    const { max: _categoryMax, ...categoryLimit } = this.categoryAllowance(tier, categories);
    return {
      isPro: this.isPro(tier),
      prompts: promptLimit,
      categories: categoryLimit,
      versionsKept: this.versionsKept(tier),
      subscription: { isCancelled: tier?.isCancelled ?? false, endsAt: tier?.endsAt?.toISOString() ?? null },
    };
  }

  /** Applies a tier.changed event once, and only if it is newer than what the projection holds. */
  /** Nothing for a deleted account: a change billing made as it was being deleted must not bring its row back. */
  applyTierChanged(event: TierChanged): Promise<boolean> {
    return this.data.transaction(async (tx) => {
      await tx.accounts.lockUser(event.userId);
      if (await tx.accounts.isErased(event.userId)) return false;
      return tx.tiers.applyIfNewer(event);
    });
  }

  /** Lets a caller (the checkout page) wait until a tier change it knows of has reached this projection. */
  async awaitVersion({ userId, version, timeoutMs }: AwaitTierVersionRequest): Promise<TierVersionReached> {
    const deadline = Date.now() + Math.min(timeoutMs, AWAIT_MAX_MS);
    for (;;) {
      const current = (await this.data.direct.tiers.find(userId))?.version ?? 0;
      if (current >= version) return { reached: true, version: current };
      if (Date.now() >= deadline) return { reached: false, version: current };
      await sleep(AWAIT_POLL_MS);
    }
  }
}

function allowance(used: number, limit: number, max: number): Allowance {
  return { used, limit, canCreate: used < max, max };
}
