import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import { liveLimits } from '@promptlib/proto';
import type Redis from 'ioredis';

const KEY_PREFIX = 'live:';

// Drops the feeds whose lease ran out (their replica died), then adds this one if the user is
// under the cap. One script, so two feeds opened at once cannot both take the last place.
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
`;

/**
 * The user's open feeds across every replica, held to liveLimits.streamsPerUser: a sorted set per
 * user of feed ids scored by when their lease ends. A replica renews its feeds' leases with each
 * heartbeat and drops a feed when it closes; a replica that dies leaves leases that run out.
 */
@Injectable()
export class OpenFeeds {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Takes a place for the feed, or answers false when the user already has their cap open. */
  async claim(userId: number, feedId: string, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    const claimed = await this.redis.eval(
      CLAIM,
      1,
      KEY_PREFIX + userId,
      String(now),
      String(now + leaseMs),
      String(liveLimits.streamsPerUser),
      feedId,
    );
    return claimed === 1;
  }

  /** Extends the leases of this replica's open feeds, in one round trip. */
  async renew(feeds: { userId: number; feedId: string }[], leaseMs: number): Promise<void> {
    if (feeds.length === 0) return;
    const until = Date.now() + leaseMs;
    const renewal = this.redis.pipeline();
    for (const { userId, feedId } of feeds) {
      renewal.zadd(KEY_PREFIX + userId, 'XX', until, feedId);
      renewal.pexpireat(KEY_PREFIX + userId, until);
    }
    await renewal.exec();
  }

  async release(userId: number, feedId: string): Promise<void> {
    await this.redis.zrem(KEY_PREFIX + userId, feedId);
  }
}
