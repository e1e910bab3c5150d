import type { Db } from '@promptlib/platform/service';

export type PromptText = {
  promptId: number;
  ownerId: number;
  title: string;
  content: string;
  version: number;
};

const PROMPT_TEXTS = '"sharing"."prompt_texts"';

/**
 * The newer text wins: an older version (a late or repeated event, or a library answer that an
 * event has overtaken) changes nothing. A text newer than a prompt's deletion is its restore (the
 * Undo of a deletion) and brings it back; a category's deletion is final (FINAL_VERSION).
 */
const UPSERT = `
  INSERT INTO ${PROMPT_TEXTS} ("prompt_id", "owner_id", "title", "content", "version")
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT ("prompt_id") DO UPDATE
    SET "owner_id" = EXCLUDED."owner_id", "title" = EXCLUDED."title", "content" = EXCLUDED."content",
        "version" = EXCLUDED."version", "deleted" = false, "updated_at" = now()
    WHERE "prompt_texts"."version" < EXCLUDED."version"
  RETURNING "prompt_id"`;

/**
 * The version of a final deletion, above any a prompt can reach: nothing brings the prompt back.
 * (A category's deletion carries no version and takes its prompts for good.)
 */
export const FINAL_VERSION = 2_147_483_647;

/**
 * A deletion newer than the text: the text goes, the row stays as a tombstone at the deletion's
 * version, so only a newer text (a restore) brings the prompt back.
 */
const TOMBSTONE = `
  INSERT INTO ${PROMPT_TEXTS} ("prompt_id", "owner_id", "title", "content", "version", "deleted")
  SELECT id, $2, '', '', $3, true FROM unnest($1::int[]) AS id
  ON CONFLICT ("prompt_id") DO UPDATE
    SET "title" = '', "content" = '', "deleted" = true, "updated_at" = now(), "version" = EXCLUDED."version"
  WHERE "prompt_texts"."version" < EXCLUDED."version"
  RETURNING "prompt_id"`;

/**
 * The read model of prompt texts that public links show: fed by the library's prompt events and by
 * the prompt a user shares, whichever is newer.
 */
export class PromptTextsRepository {
  constructor(private readonly db: Db) {}

  /** Writes the text unless the row holds this version or a newer one (a text or a tombstone); answers whether it did. */
  async upsert(text: PromptText): Promise<boolean> {
    const rows = await this.db.query<unknown>(UPSERT, [
      text.promptId,
      text.ownerId,
      text.title,
      text.content,
      text.version,
    ]);
    return rows.length > 0;
  }

  /** Leaves a tombstone for each prompt whose row is older than `version`; answers those prompts. */
  async tombstone(ownerId: number, promptIds: number[], version: number): Promise<number[]> {
    if (promptIds.length === 0) return [];
    const rows = await this.db.query<{ prompt_id: number }>(TOMBSTONE, [promptIds, ownerId, version]);
    return rows.map((row) => row.prompt_id);
  }

  /** Whether the prompt is a tombstone; its row is locked against a deletion until the transaction ends. */
  async isDeleted(promptId: number): Promise<boolean> {
    const [row] = await this.db.query<{ deleted: boolean }>(
      `SELECT "deleted" FROM ${PROMPT_TEXTS} WHERE "prompt_id" = $1 FOR SHARE`,
      [promptId],
    );
    return row?.deleted ?? false;
  }
}
