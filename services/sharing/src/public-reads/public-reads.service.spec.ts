import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sharingMessages } from '@promptlib/proto';
import pino from 'pino';
import { Registry } from 'prom-client';
import { InMemoryReadCache, inMemorySharing, type InMemorySharing } from '../../test/fakes/in-memory-sharing';
import { PublicReadsService } from './public-reads.service';

const ownerId = 3;
const gone = { error: { code: 'NOT_FOUND', message: sharingMessages.linkNotFound } };

describe('PublicReadsService', () => {
  let sharing: InMemorySharing;
  let cache: InMemoryReadCache;
  let registry: Registry;
  let reads: PublicReadsService;

  beforeEach(() => {
    sharing = inMemorySharing();
    cache = new InMemoryReadCache();
    registry = new Registry();
    reads = new PublicReadsService(sharing, pino({ level: 'silent' }), registry, cache);
  });

  /** A live link to a prompt with this text, as sharing it would leave them. */
  async function shared(promptId: number, title = `Title ${promptId}`): Promise<string> {
    const shareId = `link-${promptId}`;
    await sharing.direct.promptTexts.upsert({ promptId, ownerId, title, content: 'Content', version: 1 });
    await sharing.direct.shareLinks.createIfNone(shareId, promptId, ownerId);
    return shareId;
  }

  const postgresReads = () => vi.spyOn(sharing.direct.shareLinks, 'publicRead');

  async function cacheResults(): Promise<{ hit: number; miss: number }> {
    const metric = await registry.getSingleMetric('sharing_public_read_cache_total')!.get();
    const count = (result: string) =>
      metric.values.find((value) => value.labels.result === result)?.value ?? 0;
    return { hit: count('hit'), miss: count('miss') };
  }

  it('answers a live link’s text from the read model on a miss, and caches it', async () => {
    const shareId = await shared(1, 'Weekly summary');
    expect(await reads.read(shareId, 'a')).toEqual({ title: 'Weekly summary', content: 'Content' });
    expect(cache.entries.get(shareId)).toEqual({ title: 'Weekly summary', content: 'Content' });
  });

  it('answers a repeated read from the cache without reading Postgres, counting hits and misses', async () => {
    const shareId = await shared(1);
    await reads.read(shareId, 'a');
    const fromPostgres = postgresReads();
    for (let i = 0; i < 5; i += 1) expect(await reads.read(shareId, 'a')).toMatchObject({ title: 'Title 1' });
    expect(fromPostgres).not.toHaveBeenCalled();
    expect(await cacheResults()).toEqual({ hit: 5, miss: 1 });
  });

  it('answers the same NOT_FOUND for an unknown link, a revoked link and a deleted prompt', async () => {
    const revoked = await shared(1);
    await sharing.direct.shareLinks.revoke(1, ownerId);
    const deleted = await shared(2);
    await sharing.direct.promptTexts.tombstone(ownerId, [2], 2);
    for (const shareId of ['AAAAAAAAAAAAAAAAAAAAAA', revoked, deleted]) {
      await expect(reads.read(shareId, 'a')).rejects.toMatchObject(gone);
    }
  });

  it('caches no NOT_FOUND: a stranger’s random ids leave nothing in the cache', async () => {
    const revoked = await shared(1);
    await sharing.direct.shareLinks.revoke(1, ownerId);
    for (const shareId of ['AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB', revoked])
      await expect(reads.read(shareId, 'a')).rejects.toMatchObject(gone);
    expect(cache.entries.size).toBe(0);
    expect(cache.views.size).toBe(0);
  });

  it('counts one view per client per link, and none for a read that answers NOT_FOUND', async () => {
    const shareId = await shared(1);
    for (const client of ['a', 'a', 'b', 'c', 'c', 'a']) await reads.read(shareId, client);
    await expect(reads.read('AAAAAAAAAAAAAAAAAAAAAA', 'a')).rejects.toMatchObject(gone);
    await expect(reads.read('AAAAAAAAAAAAAAAAAAAAAA', 'a')).rejects.toMatchObject(gone);
    expect(Object.fromEntries(cache.views)).toEqual({ [shareId]: 3 });
  });

  it('reads the change after an invalidation instead of the cached text', async () => {
    const shareId = await shared(1, 'First title');
    await reads.read(shareId, 'a');
    await sharing.direct.promptTexts.upsert({
      promptId: 1,
      ownerId,
      title: 'Second title',
      content: 'Content',
      version: 2,
    });
    await cache.invalidate([shareId]);
    expect(await reads.read(shareId, 'a')).toMatchObject({ title: 'Second title' });
  });

  it('does not cache what it read before an invalidation that came while it was reading', async () => {
    const shareId = await shared(1, 'First title');
    vi.spyOn(sharing.direct.shareLinks, 'publicRead').mockImplementationOnce(async () => {
      // The prompt is edited, and its link invalidated, between the miss and the fill.
      await cache.invalidate([shareId]);
      return { title: 'First title', content: 'Content' };
    });
    expect(await reads.read(shareId, 'a')).toMatchObject({ title: 'First title' });
    expect(cache.entries.has(shareId)).toBe(false);
  });

  it('keeps answering from Postgres while Redis is out of reach, uncounted and uncached', async () => {
    const shareId = await shared(1);
    cache.unavailable = true;
    expect(await reads.read(shareId, 'a')).toMatchObject({ title: 'Title 1' });
    await expect(reads.read('AAAAAAAAAAAAAAAAAAAAAA', 'a')).rejects.toMatchObject(gone);
    cache.unavailable = false;
    expect(cache.entries.size).toBe(0);
    expect(cache.views.size).toBe(0);
    expect(await cacheResults()).toEqual({ hit: 0, miss: 2 });
  });

  it('still answers when the read cannot be cached or counted after the miss', async () => {
    const shareId = await shared(1);
    vi.spyOn(cache, 'fill').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(await reads.read(shareId, 'a')).toMatchObject({ title: 'Title 1' });
    vi.spyOn(cache, 'countView').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    cache.entries.clear();
    expect(await reads.read(shareId, 'b')).toMatchObject({ title: 'Title 1' });
  });
});
