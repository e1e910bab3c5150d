import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type { CheckoutState } from '@promptlib/proto';
import type Redis from 'ioredis';
import { deleteKeysStartingWith } from '../common/redis-keys';

// Reads of one checkout within this long (several tabs polling, a page reloaded) share one answer.
const FRESH_SECONDS = 2;

/**
 * Billing's answer on a checkout, kept for two seconds in Redis: each answer may have read Stripe,
 * whose rate limit every user of the account shares, so a burst of reads costs Stripe one call.
 * Reads that come while this replica is already asking wait for that answer rather than ask again:
 * a burst arrives before any answer is in Redis. Without Redis every read asks billing, as before.
 */
@Injectable()
export class CheckoutStateCache {
  private readonly asking = new Map<string, Promise<CheckoutState>>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** A deleted account's answers, kept no longer than the two seconds they would have been. */
  async forgetUser(userId: number): Promise<void> {
    await deleteKeysStartingWith(this.redis, `checkout-state:${userId}:`);
  }

  async read(userId: number, sessionId: string, ask: () => Promise<CheckoutState>): Promise<CheckoutState> {
    const key = `checkout-state:${userId}:${sessionId}`;
    const cached = await this.redis.get(key).catch(() => null);
    if (cached) return JSON.parse(cached) as CheckoutState;
    const pending = this.asking.get(key);
    if (pending) return pending;
    const answer = ask()
      .then(async (state) => {
        await this.redis.set(key, JSON.stringify(state), 'EX', FRESH_SECONDS).catch(() => undefined);
        return state;
      })
      .finally(() => this.asking.delete(key));
    this.asking.set(key, answer);
    return answer;
  }
}
