import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type { SharedPrompt } from '@promptlib/proto';
import type Redis from 'ioredis';
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';
import { COUNT_VIEW, VIEW_WINDOW_SECONDS, countViewLua, currentMinute, viewKeys } from '../views/view-keys';

const entryKey = (shareId: string) => `share:${shareId}`;
// Raised on every invalidation: a fill that read Postgres before it is not stored.
const generationKey = (shareId: string) => `share-gen:${shareId}`;
// What an earlier version cached for a link that answers 404; read until such entries expire.
const GONE = '-';

/**
 * A hit answers the cached read and counts the view in the same round trip; a miss answers the
 * link's generation for the fill. KEYS: entry, generation, seen, pending, budget. ARGV: window,
 * share id, ceiling of visitors a minute.
 */
const READ = `
  local entry = redis.call('GET', KEYS[1])
  if entry then
    if entry ~= '${GONE}' then
      ${countViewLua(3, 4, 5, 1)}
    end
    return {entry, ''}
  end
  return {'', redis.call('GET', KEYS[2]) or '0'}`;

/** Stores the read unless the link was invalidated since the generation was read. KEYS: entry, generation. */
const FILL = `
  if (redis.call('GET', KEYS[2]) or '0') == ARGV[1] then
    redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  end
  return 0`;

export type CachedRead = { hit: true; prompt: SharedPrompt | null } | { hit: false; generation: string };

/**
 * The public reads of share links, cached in Redis until an event about the prompt (or a revoke)
 * invalidates them, with the 30-minute view counting beside them. Only a live link's text is
 * cached: a read of an unknown, revoked or deleted link stores nothing, so no stranger can fill
 * Redis with random ids, and what views store is capped per minute (SHARE_VIEW_VISITORS_PER_MINUTE).
 */
@Injectable()
export class ReadCache {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SHARING_CONFIG) private readonly config: SharingConfig,
  ) {}

  async read(shareId: string, client: string): Promise<CachedRead> {
    const [entry, generation] = (await this.redis.eval(
      READ,
      5,
      entryKey(shareId),
      generationKey(shareId),
      viewKeys.seen(shareId, client),
      viewKeys.pending,
      viewKeys.visitorsInMinute(currentMinute()),
      VIEW_WINDOW_SECONDS,
      shareId,
      this.config.SHARE_VIEW_VISITORS_PER_MINUTE,
    )) as [string, string];
    if (entry === '') return { hit: false, generation };
    return { hit: true, prompt: entry === GONE ? null : (JSON.parse(entry) as SharedPrompt) };
  }

  /** Caches a live link's read (a 404 is never cached: see the class). */
  async fill(shareId: string, generation: string, prompt: SharedPrompt): Promise<void> {
    const value = JSON.stringify({ title: prompt.title, content: prompt.content });
    await this.redis.eval(
      FILL,
      2,
      entryKey(shareId),
      generationKey(shareId),
      generation,
      value,
      this.config.SHARE_CACHE_TTL_SECONDS,
    );
  }

  async countView(shareId: string, client: string): Promise<void> {
    await this.redis.eval(
      COUNT_VIEW,
      3,
      viewKeys.seen(shareId, client),
      viewKeys.pending,
      viewKeys.visitorsInMinute(currentMinute()),
      VIEW_WINDOW_SECONDS,
      shareId,
      this.config.SHARE_VIEW_VISITORS_PER_MINUTE,
    );
  }

  /** After the change is committed: the next read of each link goes to Postgres. */
  async invalidate(shareIds: string[]): Promise<void> {
    if (shareIds.length === 0) return;
    const pipeline = this.redis.multi();
    for (const shareId of shareIds) {
      pipeline.incr(generationKey(shareId));
      // Outlives any fill in flight, then goes with the entry it guards.
      pipeline.expire(generationKey(shareId), this.config.SHARE_CACHE_TTL_SECONDS * 2);
      pipeline.del(entryKey(shareId));
    }
    await pipeline.exec();
  }
}
