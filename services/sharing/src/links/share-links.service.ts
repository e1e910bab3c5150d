import { Inject, Injectable } from '@nestjs/common';
import { ServiceCallError, serviceError, notFound } from '@promptlib/platform';
import {
  eventSubjects,
  type Done,
  type OwnedPrompt,
  type ParsedRequestOf,
  type ShareCreated,
  type ShareSummary,
  type subjects,
} from '@promptlib/proto';
import { ReadCache } from '../public-reads/read-cache';
import { SHARING_DATA, type SharingData } from '../sharing-data';
import { ViewCounts } from '../views/view-counts';
import { LibraryPrompts } from './library-prompts';
import { newShareId } from './share-id';

type ShareRequest = ParsedRequestOf<typeof subjects.sharing.sharesCreate>;
type ListRequest = ParsedRequestOf<typeof subjects.sharing.sharesList>;

@Injectable()
export class ShareLinksService {
  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(LibraryPrompts) private readonly library: Pick<LibraryPrompts, 'owned'>,
    @Inject(ReadCache) private readonly cache: Pick<ReadCache, 'invalidate'>,
    @Inject(ViewCounts) private readonly views: Pick<ViewCounts, 'pending'>,
  ) {}

  /**
   * The prompt's live link, made on first share, and announced to the user's other devices. The library says whether the prompt is the
   * user's and gives its text with its version, which the read model keeps unless an event has
   * brought a newer one; a prompt deleted meanwhile cannot be shared.
   */
  async create({ userId, promptId }: ShareRequest): Promise<ShareCreated> {
    const prompt = await this.ownPrompt(userId, promptId);
    const shareId = await this.data.transaction(async (tx) => {
      await tx.promptTexts.upsert({
        promptId,
        ownerId: userId,
        title: prompt.title,
        content: prompt.content,
        version: prompt.version,
      });
      if (await tx.promptTexts.isDeleted(promptId)) {
        throw notFound('prompt');
      }
      await tx.shareLinks.createIfNone(newShareId(), promptId, userId);
      const live = await tx.shareLinks.liveLink(promptId, userId);
      await tx.outbox.add(eventSubjects.shareChanged, { userId, promptId, shareId: live });
      return live;
    });
    // The read model may hold newer text than the link's cached read.
    await this.cache.invalidate(await this.data.direct.shareLinks.liveLinksOf([promptId]));
    return { shareId };
  }

  /**
   * Ends the prompt's live link: its URL answers 404 from now on, and sharing again gives a new one.
   * The end is announced to the user's other devices.
   * Done only once the link's cached read is gone too: when Redis refuses the clear, the revoke
   * fails (the link stays revoked), asking again clears and succeeds, and the sweep clears it
   * meanwhile (see RevokedLinksSweep).
   */
  async revoke({ userId, promptId }: ShareRequest): Promise<Done> {
    const links = this.data.direct.shareLinks;
    const revoked = await this.data.transaction(async (tx) => {
      const ended = await tx.shareLinks.revoke(promptId, userId);
      if (ended.length > 0)
        await tx.outbox.add(eventSubjects.shareChanged, { userId, promptId, shareId: null });
      return ended;
    });
    const toClear = revoked.length > 0 ? revoked : await links.awaitingCacheClear(promptId, userId);
    if (toClear.length === 0) throw notFound('share');
    await this.cache.invalidate(toClear);
    await links.cacheCleared(toClear);
    return { success: true };
  }

  /** The user's live links, newest first, each with its views so far (added and still pending). */
  async list({ userId }: ListRequest): Promise<ShareSummary[]> {
    const links = await this.data.direct.shareLinks.listLive(userId);
    // Without Redis the counts added so far still answer.
    const pending = await this.views
      .pending(links.map((link) => link.shareId))
      .catch(() => new Map<string, number>());
    return links.map((link) => ({
      promptId: link.promptId,
      title: link.title,
      shareId: link.shareId,
      views: link.views + (pending.get(link.shareId) ?? 0),
      createdAt: link.createdAt.toISOString(),
    }));
  }

  private async ownPrompt(userId: number, promptId: number): Promise<OwnedPrompt> {
    try {
      return await this.library.owned(userId, promptId);
    } catch (error) {
      if (error instanceof ServiceCallError) throw serviceError(error.error.code, error.error.message);
      throw error;
    }
  }
}
