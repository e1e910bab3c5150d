import { beforeEach, describe, expect, it } from 'vitest';
import type { PromptUpdated } from '@promptlib/proto';
import { InMemoryReadCache, inMemorySharing, type InMemorySharing } from '../../test/fakes/in-memory-sharing';
import { FINAL_VERSION } from './prompt-texts.repository';
import { PromptTextsService } from './prompt-texts.service';

const userId = 7;

const updated = (promptId: number, version: number): PromptUpdated => ({
  userId,
  promptId,
  title: `Title v${version}`,
  content: `Content v${version}`,
  categoryId: null,
  version,
});

describe('PromptTextsService', () => {
  let sharing: InMemorySharing;
  let cache: InMemoryReadCache;
  let texts: PromptTextsService;

  beforeEach(() => {
    sharing = inMemorySharing();
    cache = new InMemoryReadCache();
    texts = new PromptTextsService(sharing, cache);
  });

  /** A live link to the prompt, as sharing it would make. */
  async function linkTo(promptId: number, shareId = `link-${promptId}`): Promise<string> {
    await sharing.direct.shareLinks.createIfNone(shareId, promptId, userId);
    return shareId;
  }

  const read = (shareId: string) => sharing.direct.shareLinks.publicRead(shareId);
  const row = (promptId: number) => sharing.tables.promptTexts.find((text) => text.promptId === promptId);

  describe('on an edit', () => {
    it('shows the newer text on the prompt’s link and forgets its cached read', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 1));
      await texts.promptUpdated(updated(1, 2));
      expect(await read(shareId)).toEqual({ title: 'Title v2', content: 'Content v2' });
      expect(cache.invalidated).toEqual([shareId, shareId]);
    });

    it('ignores an older edit that arrives late, and the same edit again', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 3));
      await texts.promptUpdated(updated(1, 2));
      await texts.promptUpdated({ ...updated(1, 3), title: 'Same version, other title' });
      expect(await read(shareId)).toEqual({ title: 'Title v3', content: 'Content v3' });
      expect(row(1)?.version).toBe(3);
    });

    it('still forgets the cached read when an edit comes again, since that may be what failed the first time', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 1));
      cache.invalidated.length = 0;
      await texts.promptUpdated(updated(1, 1));
      expect(cache.invalidated).toEqual([shareId]);
    });

    it('keeps the text of a prompt no one has shared yet, ready for its first link', async () => {
      await texts.promptUpdated(updated(1, 1));
      expect(cache.invalidated).toEqual([]);
      const shareId = await linkTo(1);
      expect(await read(shareId)).toEqual({ title: 'Title v1', content: 'Content v1' });
    });

    it('forgets nothing of a revoked link', async () => {
      await linkTo(1);
      await sharing.direct.shareLinks.revoke(1, userId);
      await texts.promptUpdated(updated(1, 1));
      expect(cache.invalidated).toEqual([]);
    });
  });

  describe('on a deletion', () => {
    it('leaves a tombstone with no text, so the link reads as nothing, and forgets its cached read', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 2));
      await texts.promptDeleted({ userId, promptId: 1, version: 3 });
      expect(await read(shareId)).toBeNull();
      expect(row(1)).toMatchObject({ deleted: true, title: '', content: '', version: 3 });
      expect(cache.invalidated).toEqual([shareId, shareId]);
    });

    it('keeps a deleted prompt deleted when an edit older than the deletion arrives after it', async () => {
      const shareId = await linkTo(1);
      await texts.promptDeleted({ userId, promptId: 1, version: 3 });
      await texts.promptUpdated(updated(1, 2));
      expect(await read(shareId)).toBeNull();
      expect(row(1)).toMatchObject({ deleted: true, title: '', content: '', version: 3 });
    });

    it('brings the prompt back on its restore (a text newer than the deletion), on the same link', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 2));
      await texts.promptDeleted({ userId, promptId: 1, version: 3 });
      cache.invalidated.length = 0;
      await texts.promptUpdated(updated(1, 4));
      expect(await read(shareId)).toEqual({ title: 'Title v4', content: 'Content v4' });
      expect(row(1)).toMatchObject({ deleted: false, version: 4 });
      expect(cache.invalidated).toEqual([shareId]);
    });

    it('ignores a deletion older than the text: one a restore has undone since, arriving late', async () => {
      const shareId = await linkTo(1);
      await texts.promptUpdated(updated(1, 5));
      await texts.promptDeleted({ userId, promptId: 1, version: 2 });
      expect(await read(shareId)).toEqual({ title: 'Title v5', content: 'Content v5' });
      expect(row(1)).toMatchObject({ deleted: false, version: 5 });
    });

    it('changes nothing when the deletion comes again', async () => {
      await linkTo(1);
      await texts.promptDeleted({ userId, promptId: 1, version: 3 });
      const tombstone = { ...row(1) };
      await texts.promptDeleted({ userId, promptId: 1, version: 3 });
      expect(row(1)).toEqual(tombstone);
    });
  });

  describe('on a category’s deletion', () => {
    it('ends the links of every prompt in it, whatever their versions, and forgets their cached reads', async () => {
      const [first, second, elsewhere] = [await linkTo(1), await linkTo(2), await linkTo(3)];
      for (const promptId of [1, 2, 3]) await texts.promptUpdated(updated(promptId, 4));
      cache.invalidated.length = 0;

      await texts.categoryDeleted({ userId, categoryId: 10, promptIds: [1, 2] });
      expect(await read(first)).toBeNull();
      expect(await read(second)).toBeNull();
      expect(await read(elsewhere)).toEqual({ title: 'Title v4', content: 'Content v4' });
      expect(cache.invalidated.sort()).toEqual([first, second].sort());
      expect(row(1)).toMatchObject({ deleted: true, version: FINAL_VERSION });
    });

    it('leaves final tombstones, also for prompts it had not heard of: no later edit brings them back', async () => {
      await texts.promptUpdated(updated(1, 2));
      await texts.categoryDeleted({ userId, categoryId: 10, promptIds: [1, 5] });
      await texts.promptUpdated(updated(5, 1));
      await texts.promptUpdated(updated(1, 9));
      expect(row(5)).toMatchObject({ deleted: true, title: '' });
      expect(row(1)).toMatchObject({ deleted: true, title: '' });
    });

    it('does nothing for a category that held no prompts', async () => {
      await texts.categoryDeleted({ userId, categoryId: 10, promptIds: [] });
      expect(sharing.tables.promptTexts).toEqual([]);
      expect(cache.invalidated).toEqual([]);
    });
  });

  it('forgets no cached read when the change does not commit', async () => {
    await linkTo(1);
    const failing = new PromptTextsService(
      {
        direct: sharing.direct,
        transaction: (work) =>
          sharing.transaction(async (tx) => {
            await work(tx);
            throw new Error('could not serialize access');
          }),
      },
      cache,
    );
    await expect(failing.promptUpdated(updated(1, 1))).rejects.toThrow('could not serialize access');
    expect(row(1)).toBeUndefined();
    expect(cache.invalidated).toEqual([]);
  });
});
