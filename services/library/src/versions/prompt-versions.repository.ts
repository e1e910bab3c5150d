import type { Db } from '@promptlib/platform/service';
import type { HistoryCursor, PromptVersionSource } from '@promptlib/proto';

const VERSIONS = '"library"."prompt_versions"';
const PROMPTS = '"library"."prompts"';

// A version as the API answers it, its time already as the API's ISO text.
const VERSION_COLUMNS = `v."number" AS "version", v."title", v."content", v."category_id" AS "categoryId",
  to_char(v."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", v."source"`;

/** A version as stored, with what the page reads need to size it. */
export type VersionRow = {
  version: number;
  title: string;
  content: string;
  categoryId: number | null;
  createdAt: string;
  source: PromptVersionSource;
};

export type HistoryRow = VersionRow & { promptId: number };

/** A row of a sized page, with how many rows the page's read considered. */
export type SizedRow<Row> = Row & { candidates: number };

// What a version's fields besides title and content add to its JSON, as counted when sizing a page.
const VERSION_JSON_OVERHEAD_BYTES = 160;

/** The text of a version about to be made; its number follows the prompt's newest. */
export type NewVersion = {
  promptId: number;
  title: string;
  content: string;
  categoryId: number | null;
};

/** A version as an import brings it: number and time as the file says. */
export type GivenVersion = NewVersion & { version: number; createdAt: Date; source: PromptVersionSource };

/** Every read and write of the prompts' history, on the unit of work's connection. */
export class PromptVersionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds a version to each prompt, numbered after its newest. Callers hold the prompts' row locks
   * (an edit locks its prompt, a move updates its rows, a create makes a row no one else sees), so
   * two versions of one prompt never draw the same number. Its time is the transaction's to the
   * millisecond, as the API tells the prompt's own (a create's version has the prompt's createdAt).
   */
  async add(userId: number, versions: NewVersion[], source: PromptVersionSource): Promise<void> {
    if (versions.length === 0) return;
    await this.db.query(
      `INSERT INTO ${VERSIONS}
         ("user_id", "prompt_id", "number", "title", "content", "category_id", "source", "created_at")
       SELECT $1, given.prompt_id,
              coalesce((SELECT max(v."number") FROM ${VERSIONS} v
                        WHERE v."user_id" = $1 AND v."prompt_id" = given.prompt_id), 0) + 1,
              given.title, given.content, given.category_id, $6, date_trunc('milliseconds', now())
       FROM unnest($2::int[], $3::text[], $4::text[], $5::int[]) AS given(prompt_id, title, content, category_id)`,
      [
        userId,
        versions.map((version) => version.promptId),
        versions.map((version) => version.title),
        versions.map((version) => version.content),
        versions.map((version) => version.categoryId),
        source,
      ],
    );
  }

  /** Stores versions as given (an import); a number the prompt already has is passed over. Answers those added. */
  async addGiven(userId: number, versions: GivenVersion[]): Promise<{ promptId: number; version: number }[]> {
    if (versions.length === 0) return [];
    return this.db.query<{ promptId: number; version: number }>(
      `INSERT INTO ${VERSIONS}
         ("user_id", "prompt_id", "number", "title", "content", "category_id", "source", "created_at")
       SELECT $1, given.prompt_id, given.number, given.title, given.content, given.category_id, given.source,
              given.created_at
       FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[], $8::timestamptz[])
         AS given(prompt_id, number, title, content, category_id, source, created_at)
       ON CONFLICT DO NOTHING
       RETURNING "prompt_id" AS "promptId", "number" AS "version"`,
      [
        userId,
        versions.map((version) => version.promptId),
        versions.map((version) => version.version),
        versions.map((version) => version.title),
        versions.map((version) => version.content),
        versions.map((version) => version.categoryId),
        versions.map((version) => version.source),
        versions.map((version) => version.createdAt.toISOString()),
      ],
    );
  }

  /** Keeps the newest `keep` versions of each of these prompts and deletes the older ones. */
  async prune(userId: number, promptIds: number[], keep: number): Promise<void> {
    if (promptIds.length === 0) return;
    await this.db.query(
      `DELETE FROM ${VERSIONS} v USING (
         SELECT "prompt_id", "number",
                row_number() OVER (PARTITION BY "prompt_id" ORDER BY "number" DESC) AS age
         FROM ${VERSIONS} WHERE "user_id" = $1 AND "prompt_id" = ANY($2::int[])) ranked
       WHERE v."user_id" = $1 AND v."prompt_id" = ranked."prompt_id" AND v."number" = ranked."number"
         AND ranked.age > $3`,
      [userId, promptIds, keep],
    );
  }

  /**
   * A page of the user's prompt's versions, newest first, below version `before` when given: of
   * the next `rows`, those that start within `byteBudget` (sized from the stored lengths, so only
   * they are read whole), each with how many rows were considered.
   */
  page(
    userId: number,
    promptId: number,
    before: number | null,
    byteBudget: number,
    rows: number,
  ): Promise<SizedRow<VersionRow>[]> {
    return this.db.query<SizedRow<VersionRow>>(
      `WITH considered AS (
         SELECT "number", octet_length("title") + octet_length("content") + ${VERSION_JSON_OVERHEAD_BYTES} AS size
         FROM ${VERSIONS}
         WHERE "user_id" = $1 AND "prompt_id" = $2 AND ($3::int IS NULL OR "number" < $3)
         ORDER BY "number" DESC LIMIT $5),
       chosen AS (
         SELECT "number" FROM (
           SELECT "number", sum(size) OVER (ORDER BY "number" DESC) - size AS bytes_before FROM considered) sized
         WHERE bytes_before < $4)
       SELECT ${VERSION_COLUMNS}, (SELECT count(*)::int FROM considered) AS "candidates"
       FROM ${VERSIONS} v JOIN chosen USING ("number")
       WHERE v."user_id" = $1 AND v."prompt_id" = $2
       ORDER BY v."number" DESC`,
      [userId, promptId, before, byteBudget, rows],
    );
  }

  async find(userId: number, promptId: number, version: number): Promise<VersionRow | null> {
    const [row] = await this.db.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM ${VERSIONS} v
       WHERE v."user_id" = $1 AND v."prompt_id" = $2 AND v."number" = $3`,
      [userId, promptId, version],
    );
    return row ?? null;
  }

  /** The newest version of each of these prompts, for telling whether a text is already the newest. */
  newest(userId: number, promptIds: number[]): Promise<(VersionRow & { promptId: number })[]> {
    return this.db.query(
      `SELECT DISTINCT ON (v."prompt_id") v."prompt_id" AS "promptId", ${VERSION_COLUMNS}
       FROM ${VERSIONS} v WHERE v."user_id" = $1 AND v."prompt_id" = ANY($2::int[])
       ORDER BY v."prompt_id", v."number" DESC`,
      [userId, promptIds],
    );
  }

  /**
   * A page of the versions of the user's prompts in the library (not those waiting for an Undo),
   * by prompt and then number, after the cursor when given; sized as `page` is.
   */
  history(
    userId: number,
    after: HistoryCursor | null,
    byteBudget: number,
    rows: number,
  ): Promise<SizedRow<HistoryRow>[]> {
    return this.db.query<SizedRow<HistoryRow>>(
      `WITH considered AS (
         SELECT v."prompt_id", v."number",
                octet_length(v."title") + octet_length(v."content") + ${VERSION_JSON_OVERHEAD_BYTES} AS size
         FROM ${VERSIONS} v JOIN ${PROMPTS} p ON p."id" = v."prompt_id" AND p."user_id" = v."user_id"
         WHERE v."user_id" = $1 AND ($2::int IS NULL OR (v."prompt_id", v."number") > ($2::int, $3::int))
         ORDER BY v."prompt_id", v."number" LIMIT $5),
       chosen AS (
         SELECT "prompt_id", "number" FROM (
           SELECT "prompt_id", "number", sum(size) OVER (ORDER BY "prompt_id", "number") - size AS bytes_before
           FROM considered) sized
         WHERE bytes_before < $4)
       SELECT v."prompt_id" AS "promptId", ${VERSION_COLUMNS}, (SELECT count(*)::int FROM considered) AS "candidates"
       FROM ${VERSIONS} v JOIN chosen USING ("prompt_id", "number")
       WHERE v."user_id" = $1
       ORDER BY v."prompt_id", v."number"`,
      [userId, after?.promptId ?? null, after?.version ?? null, byteBudget, rows],
    );
  }

  /** The history of these prompts goes with them, once their deletion is final. */
  async deleteOf(prompts: { userId: number; id: number }[]): Promise<void> {
    if (prompts.length === 0) return;
    await this.db.query(
      `DELETE FROM ${VERSIONS} v USING unnest($1::int[], $2::int[]) AS gone(user_id, prompt_id)
       WHERE v."user_id" = gone.user_id AND v."prompt_id" = gone.prompt_id`,
      [prompts.map((prompt) => prompt.userId), prompts.map((prompt) => prompt.id)],
    );
  }
}
