import type { Db, PreparedStatement } from '@promptlib/platform/service';
import {
  PROMPT_COUNTS_QUERY,
  PROMPT_TITLES_QUERY,
  cardCountSql,
  cardPageAmongSql,
  cardPageSql,
  searchMatchesSql,
  type CardQuery,
  type CardRow,
  type CategoryCountRow,
  type TitleRow,
} from './prompt-cards.query';
import { PROMPT_PAGE_QUERY, type PromptPageRow } from './prompt-page.query';
import { PromptEntity } from './prompt.entity';

const PROMPTS = '"library"."prompts"';
const DELETED_PROMPTS = '"library"."deleted_prompts"';
const VERSIONS = '"library"."prompt_versions"';

// Every column a prompt keeps while it waits to be restored (search_text is generated from the others).
const KEPT_COLUMNS = `"id", "user_id", "title", "content", "category_id", "is_favorite", "usage_count",
  "last_used_at", "version", "created_at", "updated_at", "tags"`;
const KEPT_COLUMNS_NEXT_VERSION = `"id", "user_id", "title", "content", "category_id", "is_favorite",
  "usage_count", "last_used_at", "version" + 1, "created_at", "updated_at", "tags"`;
const ANNOUNCED_COLUMNS = `"id", "user_id" AS "userId", "title", "content", "category_id" AS "categoryId", "version"`;

// The statements of the most frequent calls, prepared once per connection (see queryPrepared).
const PROMPT_PAGE: PreparedStatement = { name: 'library-prompt-page', text: PROMPT_PAGE_QUERY };
const ADD_USES: PreparedStatement = {
  name: 'library-add-uses',
  text: `UPDATE ${PROMPTS} SET "usage_count" = "usage_count" + $3, "last_used_at" = now()
         WHERE "id" = $1 AND "user_id" = $2 RETURNING "usage_count"`,
};
const OWNED_PROMPT: PreparedStatement = {
  name: 'library-owned-prompt',
  text: `SELECT "id", "user_id" AS "userId", "title", "content", "category_id" AS "categoryId",
           "is_favorite" AS "isFavorite", "usage_count" AS "usageCount", "tags", "last_used_at" AS "lastUsedAt",
           "version", "created_at" AS "createdAt", "updated_at" AS "updatedAt"
         FROM ${PROMPTS} WHERE "id" = $1 AND "user_id" = $2`,
};

/** What a prompt carries beside its text: its star and its tags. */
export type PromptMarks = { isFavorite: number; tags: string[] };

export type NewPrompt = {
  userId: number;
  title: string;
  content: string;
  categoryId: number;
  tags: string[];
};

/** An imported prompt: a new prompt with the favourite mark, use count and dates (else now) it had. */
export type RestoredPrompt = Omit<NewPrompt, 'userId' | 'tags'> & {
  tags?: string[];
  isFavorite: boolean;
  usageCount: number;
  createdAt?: Date;
  updatedAt?: Date;
};

/** What a prompt event says of a prompt. */
export type AnnouncedPrompt = Pick<
  PromptEntity,
  'id' | 'userId' | 'title' | 'content' | 'categoryId' | 'version'
>;

/** Every read and write of the prompts table, on the unit of work's connection. */
export class PromptsRepository {
  constructor(private readonly db: Db) {}

  /** One page of the user's prompts, newest first, sized by Postgres (see PROMPT_PAGE_QUERY). */
  page(userId: number, before: number | null, byteBudget: number, rows: number): Promise<PromptPageRow[]> {
    return this.db.prepared<PromptPageRow>(PROMPT_PAGE, [userId, before, byteBudget, rows]);
  }

  /** A page of the user's cards, filtered, searched and sorted (see cardPageSql). */
  cards(query: CardQuery): Promise<CardRow[]> {
    const { text, values } = cardPageSql(query);
    return this.db.query<CardRow>(text, values);
  }

  /** The ids of the cards the search of `query` finds, in no order, `cap` at most (see searchMatchesSql). */
  async searchMatches(query: CardQuery, cap: number): Promise<number[]> {
    const { text, values } = searchMatchesSql(query, cap);
    const rows = await this.db.query<{ id: number }>(text, values);
    return rows.map((row) => row.id);
  }

  /** A page of the user's cards among these prompts, sorted and after the key as `query` asks. */
  cardsAmong(query: CardQuery, ids: number[]): Promise<CardRow[]> {
    const { values, ...statement } = cardPageAmongSql(query, ids);
    return this.db.prepared<CardRow>(statement, values);
  }

  /** How many cards the list of `query` holds, whatever its page, counting no further than `cap`. */
  async countCards(query: CardQuery, cap: number): Promise<number> {
    const { text, values } = cardCountSql(query, cap);
    const [row] = await this.db.query<{ count: number }>(text, values);
    return row.count;
  }

  /** A page of the palette's title index (see PROMPT_TITLES_QUERY). */
  titles(userId: number, before: number | null, byteBudget: number, rows: number): Promise<TitleRow[]> {
    return this.db.query<TitleRow>(PROMPT_TITLES_QUERY, [userId, before, byteBudget, rows]);
  }

  /** The user's prompts counted per category, with the favourites among them. */
  countsByCategory(userId: number): Promise<CategoryCountRow[]> {
    return this.db.query<CategoryCountRow>(PROMPT_COUNTS_QUERY, [userId]);
  }

  /** The user's prompt: the most frequent read of all (every open, copy and MCP get), so prepared. */
  async findOwned(userId: number, promptId: number): Promise<PromptEntity | null> {
    const [row] = await this.db.prepared<PromptEntity>(OWNED_PROMPT, [promptId, userId]);
    return row ? Object.assign(new PromptEntity(), row) : null;
  }

  /** The user's prompt, locked until the transaction ends. */
  lockOwned(userId: number, promptId: number): Promise<PromptEntity | null> {
    return this.db.repository(PromptEntity).findOne({
      where: { id: promptId, userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  count(userId: number): Promise<number> {
    return this.db.repository(PromptEntity).countBy({ userId });
  }

  insert(prompt: NewPrompt): Promise<PromptEntity> {
    const repository = this.db.repository(PromptEntity);
    return repository.save(repository.create({ ...prompt, isFavorite: 0, usageCount: 0, version: 1 }));
  }

  /** Inserts the user's prompts in one statement; answers them in the order given (ids ascending). */
  async insertMany(userId: number, prompts: RestoredPrompt[]): Promise<AnnouncedPrompt[]> {
    if (prompts.length === 0) return [];
    const rows = await this.db.query<AnnouncedPrompt>(
      `INSERT INTO ${PROMPTS} ("user_id", "title", "content", "category_id", "is_favorite", "usage_count", "version",
         "created_at", "updated_at", "tags")
       SELECT $1, given.title, given.content, given.category_id, given.is_favorite, given.usage_count, 1,
              coalesce(given.created_at, now()), coalesce(given.updated_at, now()),
              ARRAY(SELECT jsonb_array_elements_text(given.tags))
       FROM unnest($2::text[], $3::text[], $4::int[], $5::smallint[], $6::int[], $7::timestamptz[], $8::timestamptz[],
                   $9::jsonb[])
         WITH ORDINALITY AS given(title, content, category_id, is_favorite, usage_count, created_at, updated_at, tags, n)
       ORDER BY given.n
       RETURNING "id", "user_id" AS "userId", "title", "content", "category_id" AS "categoryId", "version"`,
      [
        userId,
        prompts.map((prompt) => prompt.title),
        prompts.map((prompt) => prompt.content),
        prompts.map((prompt) => prompt.categoryId),
        prompts.map((prompt) => (prompt.isFavorite ? 1 : 0)),
        prompts.map((prompt) => prompt.usageCount),
        prompts.map((prompt) => prompt.createdAt?.toISOString() ?? null),
        prompts.map((prompt) => prompt.updatedAt?.toISOString() ?? null),
        prompts.map((prompt) => JSON.stringify(prompt.tags ?? [])),
      ],
    );
    // Ids are drawn in the ORDER BY's order; RETURNING's own order is not promised.
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The id, category and title of the user's prompts in these categories. */
  titlesIn(
    userId: number,
    categoryIds: number[],
  ): Promise<{ id: number; categoryId: number; title: string }[]> {
    return this.db.query(
      `SELECT "id", "category_id" AS "categoryId", "title" FROM ${PROMPTS}
       WHERE "user_id" = $1 AND "category_id" = ANY($2::int[])`,
      [userId, categoryIds],
    );
  }

  /** Which of these ids are the user's prompts, in the library. */
  async ownedIds(userId: number, promptIds: number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT "id" FROM ${PROMPTS} WHERE "user_id" = $1 AND "id" = ANY($2::int[])`,
      [userId, promptIds],
    );
    return rows.map((row) => row.id);
  }

  /** The content of the user's prompts with these ids. */
  contentsOf(userId: number, promptIds: number[]): Promise<{ id: number; content: string }[]> {
    return this.db.query(
      `SELECT "id", "content" FROM ${PROMPTS} WHERE "user_id" = $1 AND "id" = ANY($2::int[])`,
      [userId, promptIds],
    );
  }

  save(prompt: PromptEntity): Promise<PromptEntity> {
    return this.db.repository(PromptEntity).save(prompt);
  }

  /**
   * Moves the user's prompts among these ids out of the library to wait for a restore, each at its
   * next version (the deletion's, which outranks every change before it); answers them, ascending.
   */
  async moveToDeleted(userId: number, promptIds: number[]): Promise<{ id: number; version: number }[]> {
    const rows = await this.db.query<{ id: number; version: number }>(
      `WITH gone AS (
         DELETE FROM ${PROMPTS} WHERE "user_id" = $1 AND "id" = ANY($2::int[]) RETURNING ${KEPT_COLUMNS})
       INSERT INTO ${DELETED_PROMPTS} (${KEPT_COLUMNS})
       SELECT ${KEPT_COLUMNS_NEXT_VERSION} FROM gone
       RETURNING "id", "version"`,
      [userId, promptIds],
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  /** How many of the user's deleted prompts among these ids can still be restored. */
  async countRestorable(userId: number, promptIds: number[], windowSeconds: number): Promise<number> {
    const [row] = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM ${DELETED_PROMPTS}
       WHERE "user_id" = $1 AND "id" = ANY($2::int[]) AND "deleted_at" > now() - make_interval(secs => $3)`,
      [userId, promptIds, windowSeconds],
    );
    return row.count;
  }

  /**
   * Brings the user's deleted prompts among these ids back, with their ids, uses and favourite
   * marks, each at its next version (the restore outranks the deletion); answers them, ascending.
   */
  async restore(userId: number, promptIds: number[], windowSeconds: number): Promise<AnnouncedPrompt[]> {
    const rows = await this.db.query<AnnouncedPrompt>(
      `WITH back AS (
         DELETE FROM ${DELETED_PROMPTS}
         WHERE "user_id" = $1 AND "id" = ANY($2::int[]) AND "deleted_at" > now() - make_interval(secs => $3)
         RETURNING ${KEPT_COLUMNS})
       INSERT INTO ${PROMPTS} (${KEPT_COLUMNS})
       SELECT ${KEPT_COLUMNS_NEXT_VERSION} FROM back
       RETURNING ${ANNOUNCED_COLUMNS}`,
      [userId, promptIds, windowSeconds],
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  /**
   * Ends the wait of deleted prompts whose restore window has closed, the oldest first, `limit` at
   * most, their history with them; a row another replica is purging is skipped. Answers how many went.
   */
  async purgeDeleted(windowSeconds: number, limit: number): Promise<number> {
    const [row] = await this.db.query<{ count: number }>(
      `WITH gone AS (
         DELETE FROM ${DELETED_PROMPTS} WHERE "id" IN (
           SELECT "id" FROM ${DELETED_PROMPTS}
           WHERE "deleted_at" <= now() - make_interval(secs => $1)
           ORDER BY "deleted_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING "id", "user_id"),
       history AS (
         DELETE FROM ${VERSIONS} v USING gone WHERE v."user_id" = gone."user_id" AND v."prompt_id" = gone."id")
       SELECT count(*)::int AS "count" FROM gone`,
      [windowSeconds, limit],
    );
    return row.count;
  }

  /**
   * Moves the user's prompts among these ids to the category, each changed one at its next version;
   * answers the changed ones, ascending (those already there are left as they are).
   */
  async moveToCategory(userId: number, promptIds: number[], categoryId: number): Promise<AnnouncedPrompt[]> {
    const rows = await this.db.changed<AnnouncedPrompt>(
      `UPDATE ${PROMPTS} SET "category_id" = $3, "version" = "version" + 1, "updated_at" = now()
       WHERE "user_id" = $1 AND "id" = ANY($2::int[]) AND "category_id" IS DISTINCT FROM $3
       RETURNING ${ANNOUNCED_COLUMNS}`,
      [userId, promptIds, categoryId],
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The ids of the user's prompts among these that are in the category, ascending. */
  async idsInCategory(userId: number, promptIds: number[], categoryId: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT "id" FROM ${PROMPTS} WHERE "user_id" = $1 AND "id" = ANY($2::int[]) AND "category_id" = $3
       ORDER BY "id"`,
      [userId, promptIds, categoryId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Deletes every prompt of the user in the category, those waiting for a restore too (a category's
   * deletion is final); answers their ids, in ascending order.
   */
  async deleteInCategory(userId: number, categoryId: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `WITH live AS (
         DELETE FROM ${PROMPTS} WHERE "category_id" = $1 AND "user_id" = $2 RETURNING "id"),
       waiting AS (
         DELETE FROM ${DELETED_PROMPTS} WHERE "category_id" = $1 AND "user_id" = $2 RETURNING "id")
       SELECT "id" FROM live UNION ALL SELECT "id" FROM waiting`,
      [categoryId, userId],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** Adds uses in the database, so simultaneous copies are all counted; the count after, or null if not found. */
  async addUses(userId: number, promptId: number, uses: number): Promise<number | null> {
    const rows = await this.db.prepared<{ usage_count: number }>(ADD_USES, [promptId, userId, uses]);
    return rows.length === 0 ? null : rows[0].usage_count;
  }

  /** Flips the favourite mark; answers the prompt's marks now, or null when the user has no such prompt. */
  async toggleFavorite(userId: number, promptId: number): Promise<PromptMarks | null> {
    const [row] = await this.db.changed<PromptMarks>(
      `UPDATE ${PROMPTS} SET "is_favorite" = 1 - "is_favorite"
       WHERE "id" = $1 AND "user_id" = $2 RETURNING "is_favorite" AS "isFavorite", "tags"`,
      [promptId, userId],
    );
    return row ?? null;
  }
}
