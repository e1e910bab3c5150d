import type { Db } from '@promptlib/platform/service';
import type { TagSummary } from '@promptlib/proto';

const TAGS = '"library"."tags"';
const PROMPTS = '"library"."prompts"';
const DELETED_PROMPTS = '"library"."deleted_prompts"';

/** A prompt's tags, to be written back changed. */
export type TaggedPrompt = { id: number; tags: string[] };

/** Every read and write of the user's tag spellings, and of tags across their prompts. */
export class TagsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The tags in the user's spelling of each, in the order given: a tag used before (in any case)
   * takes the spelling it was first used in; a new one is recorded as given. Tags are distinct by
   * their lower case.
   */
  async spellings(userId: number, tags: string[]): Promise<string[]> {
    if (tags.length === 0) return [];
    const rows = await this.db.query<{ name: string }>(
      `WITH given AS (
         SELECT tag, lower(tag) AS key, n FROM unnest($2::text[]) WITH ORDINALITY AS g(tag, n)),
       added AS (
         INSERT INTO ${TAGS} ("user_id", "key", "name") SELECT $1, key, tag FROM given
         ON CONFLICT DO NOTHING RETURNING "key", "name")
       SELECT coalesce(added."name", known."name", given.tag) AS "name"
       FROM given
         LEFT JOIN added ON added."key" = given.key
         LEFT JOIN ${TAGS} known ON known."user_id" = $1 AND known."key" = given.key
       ORDER BY given.n`,
      [userId, tags],
    );
    return rows.map((row) => row.name);
  }

  /** The user's spelling of this tag, if they have it. */
  async find(userId: number, name: string): Promise<string | null> {
    const [row] = await this.db.query<{ name: string }>(
      `SELECT "name" FROM ${TAGS} WHERE "user_id" = $1 AND "key" = lower($2)`,
      [userId, name],
    );
    return row?.name ?? null;
  }

  /** The tags the user's prompts carry, each with how many carry it, by name. */
  summaries(userId: number): Promise<TagSummary[]> {
    return this.db.query<TagSummary>(
      `SELECT min(tag) AS "name", count(*)::int AS "count"
       FROM ${PROMPTS} p, unnest(p."tags") AS tag
       WHERE p."user_id" = $1
       GROUP BY lower(tag)
       ORDER BY lower(min(tag) COLLATE "und-x-icu"), min(tag)`,
      [userId],
    );
  }

  /** The user's prompts (and deleted ones waiting for an Undo) that carry the tag, locked. */
  async lockTagged(userId: number, name: string): Promise<{ live: TaggedPrompt[]; waiting: TaggedPrompt[] }> {
    const read = (table: string) =>
      this.db.query<TaggedPrompt>(
        `SELECT "id", "tags" FROM ${table} WHERE "user_id" = $1 AND "tags" @> ARRAY[$2]::text[]
         ORDER BY "id" FOR UPDATE`,
        [userId, name],
      );
    return { live: await read(PROMPTS), waiting: await read(DELETED_PROMPTS) };
  }

  /** Writes these prompts' tags back (a tag's rename or deletion leaves the prompts' text and version be). */
  async setTags(userId: number, live: TaggedPrompt[], waiting: TaggedPrompt[]): Promise<void> {
    for (const [table, prompts] of [
      [PROMPTS, live],
      [DELETED_PROMPTS, waiting],
    ] as const) {
      if (prompts.length === 0) continue;
      await this.db.query(
        `UPDATE ${table} p SET "tags" = ARRAY(SELECT jsonb_array_elements_text(changed.tags))
         FROM unnest($2::int[], $3::jsonb[]) AS changed(id, tags)
         WHERE p."user_id" = $1 AND p."id" = changed.id`,
        [userId, prompts.map((prompt) => prompt.id), prompts.map((prompt) => JSON.stringify(prompt.tags))],
      );
    }
  }

  /** Records `to` as the spelling of its key in place of `from`'s (which goes, unless it is the same key). */
  async rename(userId: number, from: string, to: string): Promise<void> {
    await this.db.query(`DELETE FROM ${TAGS} WHERE "user_id" = $1 AND "key" IN (lower($2), lower($3))`, [
      userId,
      from,
      to,
    ]);
    await this.db.query(`INSERT INTO ${TAGS} ("user_id", "key", "name") VALUES ($1, lower($2), $2)`, [
      userId,
      to,
    ]);
  }

  async delete(userId: number, name: string): Promise<void> {
    await this.db.query(`DELETE FROM ${TAGS} WHERE "user_id" = $1 AND "key" = lower($2)`, [userId, name]);
  }
}
