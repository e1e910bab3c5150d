import type { Db } from '@promptlib/platform/service';
import type { SharedPrompt } from '@promptlib/proto';

const SHARE_LINKS = '"sharing"."share_links"';
const PROMPT_TEXTS = '"sharing"."prompt_texts"';

// The prompt's live link, made if there is none; the partial unique index keeps it to one.
const CREATE_LINK = `
  INSERT INTO ${SHARE_LINKS} ("id", "prompt_id", "owner_id") VALUES ($1, $2, $3)
  ON CONFLICT ("prompt_id") WHERE "revoked_at" IS NULL DO NOTHING`;
const LIVE_LINK = `
  SELECT "id" FROM ${SHARE_LINKS}
  WHERE "prompt_id" = $1 AND "owner_id" = $2 AND "revoked_at" IS NULL`;
// Marked until its cached read is cleared (see cacheCleared).
const REVOKE = `
  UPDATE ${SHARE_LINKS} SET "revoked_at" = now(), "cache_clear_pending" = true
  WHERE "prompt_id" = $1 AND "owner_id" = $2 AND "revoked_at" IS NULL
  RETURNING "id"`;
// A link whose prompt is deleted is dead even before anyone revokes it.
const LIST = `
  SELECT l."id", l."prompt_id", t."title", l."views", l."created_at"
  FROM ${SHARE_LINKS} l JOIN ${PROMPT_TEXTS} t ON t."prompt_id" = l."prompt_id"
  WHERE l."owner_id" = $1 AND l."revoked_at" IS NULL AND NOT t."deleted"
  ORDER BY l."created_at" DESC, l."id"`;
/** A live link whose prompt is not deleted; anything else reads as nothing. */
const READ_LINK = `
  SELECT t."title", t."content"
  FROM ${SHARE_LINKS} l JOIN ${PROMPT_TEXTS} t ON t."prompt_id" = l."prompt_id"
  WHERE l."id" = $1 AND l."revoked_at" IS NULL AND NOT t."deleted"`;
/** The live links of these prompts, whose cached reads an upsert or tombstone makes stale. */
const LIVE_LINKS_OF = `
  SELECT "id" FROM ${SHARE_LINKS} WHERE "prompt_id" = ANY($1::int[]) AND "revoked_at" IS NULL`;
const ADD_VIEWS = `
  UPDATE ${SHARE_LINKS} AS link SET "views" = link."views" + counted.n
  FROM unnest($1::text[], $2::bigint[]) AS counted(id, n)
  WHERE link."id" = counted.id`;

/** A live link as its owner sees it in the list, with the views added to Postgres so far. */
export type LiveLink = { shareId: string; promptId: number; title: string; views: number; createdAt: Date };

/** Every link ever made (a revoked one stays, so its id is never handed out again) and its views. */
export class ShareLinksRepository {
  constructor(private readonly db: Db) {}

  /** Makes the prompt's live link with this id unless it already has one. */
  async createIfNone(shareId: string, promptId: number, ownerId: number): Promise<void> {
    await this.db.query(CREATE_LINK, [shareId, promptId, ownerId]);
  }

  /** The id of the owner's live link to the prompt, which the caller has just made sure of. */
  async liveLink(promptId: number, ownerId: number): Promise<string> {
    const [live] = await this.db.query<{ id: string }>(LIVE_LINK, [promptId, ownerId]);
    return live.id;
  }

  /** Ends the owner's live link to the prompt; answers the ids it ended (none when there was none). */
  async revoke(promptId: number, ownerId: number): Promise<string[]> {
    const rows = await this.db.changed<{ id: string }>(REVOKE, [promptId, ownerId]);
    return rows.map((row) => row.id);
  }

  /** The owner's revoked links to the prompt whose cached read may still be served. */
  async awaitingCacheClear(promptId: number, ownerId: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT "id" FROM ${SHARE_LINKS}
       WHERE "prompt_id" = $1 AND "owner_id" = $2 AND "cache_clear_pending"`,
      [promptId, ownerId],
    );
    return rows.map((row) => row.id);
  }

  /** Revoked links, any owner's, whose cached read may still be served: the oldest first, `limit` at most. */
  async anyAwaitingCacheClear(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT "id" FROM ${SHARE_LINKS} WHERE "cache_clear_pending" ORDER BY "revoked_at" LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** Their cached reads are gone: the revoke of these links is done. */
  async cacheCleared(shareIds: string[]): Promise<void> {
    if (shareIds.length === 0) return;
    await this.db.query(
      `UPDATE ${SHARE_LINKS} SET "cache_clear_pending" = false WHERE "id" = ANY($1::text[])`,
      [shareIds],
    );
  }

  /** The owner's live links to prompts not deleted, newest first. */
  async listLive(ownerId: number): Promise<LiveLink[]> {
    const rows = await this.db.query<{
      id: string;
      prompt_id: number;
      title: string;
      views: string;
      created_at: Date;
    }>(LIST, [ownerId]);
    return rows.map((row) => ({
      shareId: row.id,
      promptId: row.prompt_id,
      title: row.title,
      views: Number(row.views),
      createdAt: row.created_at,
    }));
  }

  /** What the link shows the public, or null when it is unknown, revoked or its prompt deleted. */
  async publicRead(shareId: string): Promise<SharedPrompt | null> {
    const [row] = await this.db.query<SharedPrompt>(READ_LINK, [shareId]);
    return row ? { title: row.title, content: row.content } : null;
  }

  /** The ids of the live links of these prompts. */
  async liveLinksOf(promptIds: number[]): Promise<string[]> {
    if (promptIds.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(LIVE_LINKS_OF, [promptIds]);
    return rows.map((row) => row.id);
  }

  /** Adds views to links: share id → count, as Redis keeps it (a decimal string). */
  async addViews(counts: Record<string, string>): Promise<void> {
    const ids = Object.keys(counts);
    await this.db.query(ADD_VIEWS, [ids, ids.map((id) => counts[id])]);
  }
}
