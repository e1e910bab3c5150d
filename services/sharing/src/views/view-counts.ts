import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJob, REDIS, ROOT_LOGGER } from '@promptlib/platform';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';
import { SHARING_DATA, type SharingData } from '../sharing-data';
import { viewKeys } from './view-keys';

/** Takes the pending views as one batch, if there are any. KEYS: pending, batch, batches. ARGV: batch id. */
const SEAL_BATCH = `
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('RENAME', KEYS[1], KEYS[2])
    redis.call('SADD', KEYS[3], ARGV[1])
  end
  return 0`;

/**
 * Views are counted in Redis as they happen and added to Postgres in batches, every
 * SHARE_VIEWS_FLUSH_INTERVAL_MS, by every replica. Each batch is added once: its id is recorded in
 * the same transaction, so a batch retried after a crash (or taken up by two replicas) is skipped.
 * What a user sees is the added count plus what is still in Redis.
 */
@Injectable()
export class ViewCounts extends BackgroundJob {
  private lastPrune = 0;

  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SHARING_CONFIG) private readonly config: SharingConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    // Views counted up to now reach Postgres before the process goes.
    await this.flush().catch((error: unknown) => this.logger.warn({ err: error }, 'Last view flush failed'));
  }

  /** The views of each link not yet in Postgres. */
  async pending(shareIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (shareIds.length === 0) return counts;
    const batches = await this.redis.smembers(viewKeys.batches);
    const pipeline = this.redis.pipeline();
    for (const key of [viewKeys.pending, ...batches.map(viewKeys.batch)]) pipeline.hmget(key, ...shareIds);
    for (const [error, values] of (await pipeline.exec()) ?? []) {
      if (error) throw error;
      (values as (string | null)[]).forEach((value, index) => {
        const shareId = shareIds[index];
        counts.set(shareId, (counts.get(shareId) ?? 0) + Number(value ?? 0));
      });
    }
    return counts;
  }

  /** Adds every batch of pending views to Postgres, once each. */
  async flush(): Promise<void> {
    const batchId = randomUUID();
    await this.redis.eval(
      SEAL_BATCH,
      3,
      viewKeys.pending,
      viewKeys.batch(batchId),
      viewKeys.batches,
      batchId,
    );
    for (const id of await this.redis.smembers(viewKeys.batches)) await this.addBatch(id);
    if (Date.now() - this.lastPrune > 3_600_000) {
      // A batch id is kept long past any retry of its batch, then forgotten.
      await this.data.direct.viewBatches.prune();
      this.lastPrune = Date.now();
    }
  }

  protected override async pass(): Promise<number> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.warn({ err: error }, 'Adding view counts to Postgres failed; the next pass retries');
    }
    return this.config.SHARE_VIEWS_FLUSH_INTERVAL_MS;
  }

  private async addBatch(batchId: string): Promise<void> {
    const counts = await this.redis.hgetall(viewKeys.batch(batchId));
    if (Object.keys(counts).length > 0) {
      await this.data.transaction(async (tx) => {
        if (await tx.viewBatches.record(batchId)) await tx.shareLinks.addViews(counts);
      });
    }
    await this.redis.multi().del(viewKeys.batch(batchId)).srem(viewKeys.batches, batchId).exec();
  }
}
