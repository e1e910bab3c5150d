import type { EntityManager } from 'typeorm';

export type PromptText = {
  promptId: number;
  ownerId: number;
  title: string;
  content: string;
  version: number;
};

/**
 * The newer text wins: an older version (a late or repeated event, or a library answer that an
 * event has overtaken) changes nothing, and a deleted prompt is never written again.
 */
const UPSERT = `
  INSERT INTO "sharing"."prompt_texts" ("prompt_id", "owner_id", "title", "content", "version")
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT ("prompt_id") DO UPDATE
    SET "owner_id" = EXCLUDED."owner_id", "title" = EXCLUDED."title", "content" = EXCLUDED."content",
        "version" = EXCLUDED."version", "updated_at" = now()
    WHERE NOT "prompt_texts"."deleted" AND "prompt_texts"."version" < EXCLUDED."version"
  RETURNING "prompt_id"`;

/** Deletion is final whatever its version: the text goes, the row stays as a tombstone. */
const TOMBSTONE = `
  INSERT INTO "sharing"."prompt_texts" ("prompt_id", "owner_id", "title", "content", "version", "deleted")
  SELECT id, $2, '', '', $3, true FROM unnest($1::int[]) AS id
  ON CONFLICT ("prompt_id") DO UPDATE
    SET "title" = '', "content" = '', "deleted" = true, "updated_at" = now(),
        "version" = GREATEST("prompt_texts"."version", EXCLUDED."version")
  WHERE NOT "prompt_texts"."deleted"
  RETURNING "prompt_id"`;

/** The live links of these prompts, whose cached reads an upsert or tombstone makes stale. */
const LIVE_LINKS_OF = `
  SELECT "id" FROM "sharing"."share_links" WHERE "prompt_id" = ANY($1::int[]) AND "revoked_at" IS NULL`;

// The read model of prompt texts that public links show, in the sharing schema: fed by the
// library's prompt events and by the prompt a user shares, whichever is newer.

/** Answers whether the text changed. */
export async function upsertPromptText(manager: EntityManager, text: PromptText): Promise<boolean> {
  const rows = await manager.query<unknown[]>(UPSERT, [
    text.promptId,
    text.ownerId,
    text.title,
    text.content,
    text.version,
  ]);
  return rows.length > 0;
}

/** Answers the prompts newly deleted. */
export async function tombstonePrompts(
  manager: EntityManager,
  ownerId: number,
  promptIds: number[],
  version: number,
): Promise<number[]> {
  if (promptIds.length === 0) return [];
  const rows = await manager.query<{ prompt_id: number }[]>(TOMBSTONE, [promptIds, ownerId, version]);
  return rows.map((row) => row.prompt_id);
}

export async function isPromptDeleted(manager: EntityManager, promptId: number): Promise<boolean> {
  const [row] = await manager.query<{ deleted: boolean }[]>(
    `SELECT "deleted" FROM "sharing"."prompt_texts" WHERE "prompt_id" = $1 FOR SHARE`,
    [promptId],
  );
  return row?.deleted ?? false;
}

export async function liveLinksOf(manager: EntityManager, promptIds: number[]): Promise<string[]> {
  if (promptIds.length === 0) return [];
  const rows = await manager.query<{ id: string }[]>(LIVE_LINKS_OF, [promptIds]);
  return rows.map((row) => row.id);
}
