import { beforeEach, describe, expect, it } from 'vitest';
import type { PromptUpdated } from '@promptlib/proto';
import { InMemoryReadCache, inMemorySharing, type InMemorySharing } from '../../test/fakes/in-memory-sharing';
import { PromptTextsService } from '../prompt-texts/prompt-texts.service';
import { AccountsService } from './accounts.service';

const userId = 7;
const otherUserId = 8;

const updated = (owner: number, promptId: number, version: number): PromptUpdated => ({
  userId: owner,
  promptId,
  title: `Title ${promptId}`,
  content: `Content ${promptId} v${version}`,
  categoryId: null,
  version,
});

describe('AccountsService', () => {
  let sharing: InMemorySharing;
  let cache: InMemoryReadCache;
  let texts: PromptTextsService;
  let accounts: AccountsService;

  beforeEach(async () => {
    sharing = inMemorySharing();
    cache = new InMemoryReadCache();
    texts = new PromptTextsService(sharing, cache);
    accounts = new AccountsService(sharing, cache, { info: () => undefined });
    for (const [owner, promptId] of [
      [userId, 1],
      [userId, 2],
      [otherUserId, 3],
    ]) {
      await texts.promptUpdated(updated(owner, promptId, 1));
      await sharing.direct.shareLinks.createIfNone(`link-${promptId}`, promptId, owner);
    }
    expect(await sharing.direct.shareLinks.revoke(2, userId)).toEqual(['link-2']);
    cache.invalidated.length = 0;
  });

  it('deletes the user’s links, live and revoked, and their texts; their reads are 404 and uncached', async () => {
    await accounts.userDeleted({ userId });
    expect(sharing.tables.shareLinks.map((link) => link.id)).toEqual(['link-3']);
    expect(sharing.tables.promptTexts.map((text) => text.promptId)).toEqual([3]);
    expect(await sharing.direct.shareLinks.publicRead('link-1')).toBeNull();
    expect(await sharing.direct.shareLinks.publicRead('link-3')).toEqual({
      title: 'Title 3',
      content: 'Content 3 v1',
    });
    expect(cache.invalidated.sort()).toEqual(['link-1', 'link-2']);
  });

  it('brings no text back for an edit the library published as the account was being deleted', async () => {
    await accounts.userDeleted({ userId });
    await texts.promptUpdated(updated(userId, 1, 2));
    await texts.promptUpdated(updated(userId, 9, 1));
    expect(sharing.tables.promptTexts.map((text) => text.promptId)).toEqual([3]);
    // Another user's edits still apply.
    await texts.promptUpdated(updated(otherUserId, 3, 2));
    expect(sharing.tables.promptTexts).toEqual([expect.objectContaining({ promptId: 3, version: 2 })]);
  });

  it('changes nothing when the deletion comes again', async () => {
    await accounts.userDeleted({ userId });
    const after = structuredClone(sharing.tables);
    await accounts.userDeleted({ userId });
    expect(sharing.tables).toEqual(after);
  });
});
