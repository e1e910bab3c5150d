import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_ID_PATTERN, eventSubjects, libraryMessages, sharingMessages } from '@promptlib/proto';
import {
  InMemoryLibraryPrompts,
  InMemoryPendingViews,
  InMemoryReadCache,
  inMemorySharing,
  type InMemorySharing,
} from '../../test/fakes/in-memory-sharing';
import { RevokedLinksSweep } from './revoked-links-sweep';
import { ShareLinksService } from './share-links.service';

const ownerId = 1;
const strangerId = 2;

describe('ShareLinksService', () => {
  let sharing: InMemorySharing;
  let library: InMemoryLibraryPrompts;
  let cache: InMemoryReadCache;
  let pending: InMemoryPendingViews;
  let links: ShareLinksService;

  beforeEach(() => {
    sharing = inMemorySharing();
    library = new InMemoryLibraryPrompts();
    cache = new InMemoryReadCache();
    pending = new InMemoryPendingViews(cache);
    links = new ShareLinksService(sharing, library, cache, pending);
  });

  const liveLinks = () => sharing.tables.shareLinks.filter((link) => !link.revokedAt);

  describe('create', () => {
    it('makes one live link per prompt: sharing it again answers the same id', async () => {
      const prompt = library.add(ownerId);
      const first = await links.create({ userId: ownerId, promptId: prompt.id });
      expect(first.shareId).toMatch(SHARE_ID_PATTERN);
      expect(await links.create({ userId: ownerId, promptId: prompt.id })).toEqual(first);
      expect(liveLinks()).toHaveLength(1);
    });

    it('keeps the text the library answered, so the link reads it', async () => {
      const prompt = library.add(ownerId, { title: 'Weekly summary', content: 'Summarise my week.' });
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toEqual({
        title: 'Weekly summary',
        content: 'Summarise my week.',
      });
    });

    it('keeps newer text an event has brought rather than the library’s older answer', async () => {
      const prompt = library.add(ownerId, { title: 'Old title' });
      await sharing.direct.promptTexts.upsert({
        promptId: prompt.id,
        ownerId,
        title: 'Newer title',
        content: 'Newer content',
        version: prompt.version + 1,
      });
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toEqual({
        title: 'Newer title',
        content: 'Newer content',
      });
    });

    it('takes a newer text from the library when the prompt is shared again', async () => {
      const prompt = library.add(ownerId, { title: 'First title' });
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      library.edit(prompt.id, { title: 'Second title', content: 'Second content' });
      await links.create({ userId: ownerId, promptId: prompt.id });
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toEqual({
        title: 'Second title',
        content: 'Second content',
      });
    });

    it('forgets the cached read of the prompt’s live link once the link is made', async () => {
      const prompt = library.add(ownerId);
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      expect(cache.invalidated).toEqual([shareId]);
    });

    it('refuses a prompt that is not the user’s with the library’s NOT_FOUND, writing nothing', async () => {
      const prompt = library.add(ownerId);
      await expect(links.create({ userId: strangerId, promptId: prompt.id })).rejects.toMatchObject({
        error: { code: 'NOT_FOUND', message: libraryMessages.promptNotFound },
      });
      expect(sharing.tables).toMatchObject({ shareLinks: [], promptTexts: [] });
    });

    it('refuses a prompt whose deletion has already arrived, making no link', async () => {
      const prompt = library.add(ownerId);
      await sharing.direct.promptTexts.tombstone(ownerId, [prompt.id], prompt.version + 1);
      await expect(links.create({ userId: ownerId, promptId: prompt.id })).rejects.toMatchObject({
        error: { code: 'NOT_FOUND', message: sharingMessages.promptNotFound },
      });
      expect(sharing.tables.shareLinks).toEqual([]);
      expect(cache.invalidated).toEqual([]);
    });

    it('passes on a failure of the library call that is not the library’s answer', async () => {
      const prompt = library.add(ownerId);
      const outage = new Error('NATS connection closed');
      vi.spyOn(library, 'owned').mockRejectedValueOnce(outage);
      await expect(links.create({ userId: ownerId, promptId: prompt.id })).rejects.toBe(outage);
    });
  });

  describe('revoke', () => {
    it('ends the live link: it reads as nothing, its cached read is forgotten, and sharing again gives a new id', async () => {
      const prompt = library.add(ownerId);
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      cache.invalidated.length = 0;

      expect(await links.revoke({ userId: ownerId, promptId: prompt.id })).toEqual({ success: true });
      expect(cache.invalidated).toEqual([shareId]);
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toBeNull();

      const again = await links.create({ userId: ownerId, promptId: prompt.id });
      expect(again.shareId).not.toBe(shareId);
      expect(await sharing.direct.shareLinks.publicRead(again.shareId)).not.toBeNull();
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toBeNull();

      // Each is announced to the owner's other devices; a refused revoke announces nothing.
      await links.revoke({ userId: ownerId, promptId: prompt.id });
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toMatchObject({
        error: { code: 'NOT_FOUND' },
      });
      expect(sharing.eventsOf(eventSubjects.shareChanged)).toEqual([
        { userId: ownerId, promptId: prompt.id, shareId },
        { userId: ownerId, promptId: prompt.id, shareId: null },
        { userId: ownerId, promptId: prompt.id, shareId: again.shareId },
        { userId: ownerId, promptId: prompt.id, shareId: null },
      ]);
    });

    it('refuses with NOT_FOUND a prompt that is not shared, already revoked, or someone else’s', async () => {
      const prompt = library.add(ownerId);
      const notShared = { error: { code: 'NOT_FOUND', message: sharingMessages.notShared } };
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toMatchObject(notShared);

      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      await expect(links.revoke({ userId: strangerId, promptId: prompt.id })).rejects.toMatchObject(
        notShared,
      );
      expect(await sharing.direct.shareLinks.publicRead(shareId)).not.toBeNull();

      await links.revoke({ userId: ownerId, promptId: prompt.id });
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toMatchObject(notShared);
    });
  });

  describe('a revoke while Redis is away', () => {
    it('is not done until the cached read is gone: it fails, and asking again clears it and succeeds', async () => {
      const prompt = library.add(ownerId);
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      await cache.fill(shareId, '1', { title: 'Cached', content: 'Still served from the cache' });
      cache.unavailable = true;
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toThrow('ECONNREFUSED');
      expect(await sharing.direct.shareLinks.publicRead(shareId)).toBeNull();
      cache.unavailable = false;
      expect(cache.entries.has(shareId)).toBe(true);

      expect(await links.revoke({ userId: ownerId, promptId: prompt.id })).toEqual({ success: true });
      expect(cache.entries.has(shareId)).toBe(false);
      // Done now: a third revoke has nothing left to end.
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toMatchObject({
        error: { code: 'NOT_FOUND' },
      });
    });

    it('is finished by the sweep once Redis answers, though nobody asks again', async () => {
      const prompt = library.add(ownerId);
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      await cache.fill(shareId, '1', { title: 'Cached', content: 'Still served from the cache' });
      cache.unavailable = true;
      await expect(links.revoke({ userId: ownerId, promptId: prompt.id })).rejects.toThrow();
      const sweep = new RevokedLinksSweep(sharing, cache, { warn: vi.fn() });
      await sweep.pass();
      expect(cache.entries.has(shareId)).toBe(true);

      cache.unavailable = false;
      await sweep.pass();
      expect(cache.entries.has(shareId)).toBe(false);
      expect(await sharing.direct.shareLinks.anyAwaitingCacheClear(10)).toEqual([]);
    });
  });

  describe('list', () => {
    it('lists the user’s live links newest first, each with its title and its added and pending views', async () => {
      const older = library.add(ownerId, { title: 'Weekly summary' });
      const newer = library.add(ownerId, { title: 'Release notes' });
      const first = await links.create({ userId: ownerId, promptId: older.id });
      const second = await links.create({ userId: ownerId, promptId: newer.id });
      await sharing.direct.shareLinks.addViews({ [first.shareId]: '4' });
      cache.views.set(first.shareId, 2);
      cache.views.set(second.shareId, 1);

      const listed = await links.list({ userId: ownerId });
      expect(listed).toEqual([
        {
          promptId: newer.id,
          title: 'Release notes',
          shareId: second.shareId,
          views: 1,
          createdAt: expect.any(String),
        },
        {
          promptId: older.id,
          title: 'Weekly summary',
          shareId: first.shareId,
          views: 6,
          createdAt: expect.any(String),
        },
      ]);
      expect(Date.parse(listed[0].createdAt)).toBeGreaterThan(Date.parse(listed[1].createdAt));
    });

    it('leaves out revoked links, links to deleted prompts, and other users’ links', async () => {
      const [revoked, deleted, kept] = [library.add(ownerId), library.add(ownerId), library.add(ownerId)];
      const strangers = library.add(strangerId);
      for (const prompt of [revoked, deleted, kept])
        await links.create({ userId: ownerId, promptId: prompt.id });
      await links.create({ userId: strangerId, promptId: strangers.id });
      await links.revoke({ userId: ownerId, promptId: revoked.id });
      await sharing.direct.promptTexts.tombstone(ownerId, [deleted.id], deleted.version + 1);

      expect((await links.list({ userId: ownerId })).map((link) => link.promptId)).toEqual([kept.id]);
      expect(await links.list({ userId: 3 })).toEqual([]);
    });

    it('still answers the views already added when the pending ones cannot be read', async () => {
      const prompt = library.add(ownerId);
      const { shareId } = await links.create({ userId: ownerId, promptId: prompt.id });
      await sharing.direct.shareLinks.addViews({ [shareId]: '7' });
      cache.views.set(shareId, 3);
      pending.unavailable = true;
      expect(await links.list({ userId: ownerId })).toMatchObject([{ shareId, views: 7 }]);
    });
  });
});
