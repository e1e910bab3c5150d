import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJob, ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import { ReadCache } from '../public-reads/read-cache';
import { SHARING_DATA, type SharingData } from '../sharing-data';

// Short, since a revoked link's text may be served from the cache until the sweep clears it.
const SWEEP_INTERVAL_MS = 2_000;
const LINKS_PER_PASS = 500;

/**
 * Every two seconds, on every replica: clears the cached reads of revoked links whose revoke could
 * not clear them (Redis away for a moment), so a revoked link stops being served within seconds of
 * Redis answering again, whether or not its owner asks again. Clearing twice is harmless.
 */
@Injectable()
export class RevokedLinksSweep extends BackgroundJob {
  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(ReadCache) private readonly cache: Pick<ReadCache, 'invalidate'>,
    @Inject(ROOT_LOGGER) private readonly logger: Pick<Logger, 'warn'>,
  ) {
    super();
  }

  /** One pass; answers the pause before the next. */
  override async pass(): Promise<number> {
    try {
      const links = this.data.direct.shareLinks;
      const waiting = await links.anyAwaitingCacheClear(LINKS_PER_PASS);
      if (waiting.length > 0) {
        await this.cache.invalidate(waiting);
        await links.cacheCleared(waiting);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Clearing revoked links from the share cache failed; trying again');
    }
    return SWEEP_INTERVAL_MS;
  }
}
