import { Inject, Injectable } from '@nestjs/common';
import { METRICS, ROOT_LOGGER, notFound } from '@promptlib/platform';
import { type SharedPrompt } from '@promptlib/proto';
import { Counter, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import { SHARING_DATA, type SharingData } from '../sharing-data';
import { ReadCache, type CachedRead } from './read-cache';

/**
 * What a visitor of a public link reads: from the cache when it has the link, else from the read
 * model (then cached when the link is live; a 404 stores nothing). Works while the library is down, and without Redis (uncounted,
 * uncached) while Redis is. A read that answers counts as a view, once per client per 30 minutes.
 */
@Injectable()
export class PublicReadsService {
  private readonly cacheReads: Counter<'result'>;

  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(METRICS) registry: Registry,
    @Inject(ReadCache) private readonly cache: Pick<ReadCache, 'read' | 'fill' | 'countView'>,
  ) {
    this.cacheReads = new Counter({
      name: 'sharing_public_read_cache_total',
      help: 'Public reads of share links by cache result (hit: answered from Redis; miss: read from Postgres)',
      labelNames: ['result'],
      registers: [registry],
    });
  }

  async read(shareId: string, client: string): Promise<SharedPrompt> {
    const cached = await this.cachedRead(shareId, client);
    if (cached?.hit) {
      this.cacheReads.inc({ result: 'hit' });
      return found(cached.prompt);
    }
    this.cacheReads.inc({ result: 'miss' });
    const prompt = await this.data.direct.shareLinks.publicRead(shareId);
    if (cached && prompt) await this.afterMiss(shareId, client, cached.generation, prompt);
    return found(prompt);
  }

  private async cachedRead(shareId: string, client: string): Promise<CachedRead | null> {
    try {
      return await this.cache.read(shareId, client);
    } catch (error) {
      this.logger.warn({ err: error }, 'Share cache unavailable; reading Postgres, views uncounted');
      return null;
    }
  }

  private async afterMiss(
    shareId: string,
    client: string,
    generation: string,
    prompt: SharedPrompt,
  ): Promise<void> {
    try {
      await this.cache.fill(shareId, generation, prompt);
      await this.cache.countView(shareId, client);
    } catch (error) {
      this.logger.warn({ err: error }, 'Share cache unavailable; the read was not cached or counted');
    }
  }
}

function found(prompt: SharedPrompt | null): SharedPrompt {
  if (!prompt) throw notFound('sharedPrompt');
  return prompt;
}
