import { Inject, Injectable } from '@nestjs/common';
import {
  DATA_SOURCE,
  NATS_CONNECTION,
  ServiceCallError,
  ServiceClient,
  serviceError,
} from '@promptlib/platform';
import {
  sharingMessages,
  subjects,
  type Done,
  type OwnedPrompt,
  type ParsedRequestOf,
  type ShareCreated,
  type ShareSummary,
} from '@promptlib/proto';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { SHARING_CONFIG, type SharingConfig } from '../config/sharing-config';
import { isPromptDeleted, liveLinksOf, upsertPromptText } from '../prompt-texts/prompt-texts';
import { ReadCache } from '../public-reads/read-cache';
import { ViewCounts } from '../views/view-counts';
import { newShareId } from './share-id';

type ShareRequest = ParsedRequestOf<typeof subjects.sharing.sharesCreate>;
type ListRequest = ParsedRequestOf<typeof subjects.sharing.sharesList>;

// The prompt's live link, made if there is none; the partial unique index keeps it to one.
const CREATE_LINK = `
  INSERT INTO "sharing"."share_links" ("id", "prompt_id", "owner_id") VALUES ($1, $2, $3)
  ON CONFLICT ("prompt_id") WHERE "revoked_at" IS NULL DO NOTHING`;
const LIVE_LINK = `
  SELECT "id" FROM "sharing"."share_links"
  WHERE "prompt_id" = $1 AND "owner_id" = $2 AND "revoked_at" IS NULL`;
const REVOKE = `
  UPDATE "sharing"."share_links" SET "revoked_at" = now()
  WHERE "prompt_id" = $1 AND "owner_id" = $2 AND "revoked_at" IS NULL
  RETURNING "id"`;
// A link whose prompt is deleted is dead even before anyone revokes it.
const LIST = `
  SELECT l."id", l."prompt_id", l."views", l."created_at"
  FROM "sharing"."share_links" l JOIN "sharing"."prompt_texts" t ON t."prompt_id" = l."prompt_id"
  WHERE l."owner_id" = $1 AND l."revoked_at" IS NULL AND NOT t."deleted"
  ORDER BY l."created_at" DESC, l."id"`;

@Injectable()
export class ShareLinksService {
  private readonly library: ServiceClient;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) connection: NatsConnection,
    @Inject(SHARING_CONFIG) config: SharingConfig,
    private readonly cache: ReadCache,
    private readonly views: ViewCounts,
  ) {
    this.library = new ServiceClient(connection, config.APP_NAMESPACE);
  }

  /**
   * The prompt's live link, made on first share. The library says whether the prompt is the
   * user's and gives its text with its version, which the read model keeps unless an event has
   * brought a newer one; a prompt deleted meanwhile cannot be shared.
   */
  async create({ userId, promptId }: ShareRequest): Promise<ShareCreated> {
    const prompt = await this.ownPrompt(userId, promptId);
    const shareId = await this.dataSource.transaction(async (manager) => {
      await upsertPromptText(manager, {
        promptId,
        ownerId: userId,
        title: prompt.title,
        content: prompt.content,
        version: prompt.version,
      });
      if (await isPromptDeleted(manager, promptId)) {
        throw serviceError('NOT_FOUND', sharingMessages.promptNotFound);
      }
      await manager.query(CREATE_LINK, [newShareId(), promptId, userId]);
      const [live] = await manager.query<{ id: string }[]>(LIVE_LINK, [promptId, userId]);
      return live.id;
    });
    // The read model may hold newer text than the link's cached read.
    await this.cache.invalidate(await liveLinksOf(this.dataSource.manager, [promptId]));
    return { shareId };
  }

  /** Ends the prompt's live link: its URL answers 404 from now on, and sharing again gives a new one. */
  async revoke({ userId, promptId }: ShareRequest): Promise<Done> {
    const [rows] = await this.dataSource.query<[{ id: string }[], number]>(REVOKE, [promptId, userId]);
    if (rows.length === 0) throw serviceError('NOT_FOUND', sharingMessages.notShared);
    await this.cache.invalidate(rows.map((row) => row.id));
    return { success: true };
  }

  /** The user's live links, newest first, each with its views so far (added and still pending). */
  async list({ userId }: ListRequest): Promise<ShareSummary[]> {
    const rows = await this.dataSource.query<
      { id: string; prompt_id: number; views: string; created_at: Date }[]
    >(LIST, [userId]);
    // Without Redis the counts added so far still answer.
    const pending = await this.views
      .pending(rows.map((row) => row.id))
      .catch(() => new Map<string, number>());
    return rows.map((row) => ({
      promptId: row.prompt_id,
      shareId: row.id,
      views: Number(row.views) + (pending.get(row.id) ?? 0),
      createdAt: row.created_at.toISOString(),
    }));
  }

  private async ownPrompt(userId: number, promptId: number): Promise<OwnedPrompt> {
    try {
      return await this.library.request(subjects.library.promptsGet, { userId, promptId });
    } catch (error) {
      if (error instanceof ServiceCallError) throw serviceError(error.error.code, error.error.message);
      throw error;
    }
  }
}
