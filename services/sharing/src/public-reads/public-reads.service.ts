import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, METRICS, ROOT_LOGGER, serviceError } from '@promptlib/platform';
import { sharingMessages, type SharedPrompt } from '@promptlib/proto';
import { Counter, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ReadCache, type CachedRead } from './read-cache';

/** A live link whose prompt is not deleted; anything else reads as nothing. */
const READ_LINK = `
  SELECT t."title", t."content"
  FROM "sharing"."share_links" l JOIN "sharing"."prompt_texts" t ON t."prompt_id" = l."prompt_id"
  WHERE l."id" = $1 AND l."revoked_at" IS NULL AND NOT t."deleted"`;

/**
 * What a visitor of a public link reads: from the cache when it has the link, else from the read
 * model (then cached, a 404 too). Works while the library is down, and without Redis (uncounted,
 * uncached) while Redis is. A read that answers counts as a view, once per client per 30 minutes.
 */
@Injectable()
export class PublicReadsService {
  private readonly cacheReads: Counter<'result'>;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(METRICS) registry: Registry,
    private readonly cache: ReadCache,
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
    const [row] = await this.dataSource.query<SharedPrompt[]>(READ_LINK, [shareId]);
    const prompt = row ? { title: row.title, content: row.content } : null;
    if (cached) await this.afterMiss(shareId, client, cached.generation, prompt);
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
    prompt: SharedPrompt | null,
  ): Promise<void> {
    try {
      await this.cache.fill(shareId, generation, prompt);
      if (prompt) await this.cache.countView(shareId, client);
    } catch (error) {
      this.logger.warn({ err: error }, 'Share cache unavailable; the read was not cached or counted');
    }
  }
}

function found(prompt: SharedPrompt | null): SharedPrompt {
  if (!prompt) throw serviceError('NOT_FOUND', sharingMessages.linkNotFound);
  return prompt;
}
