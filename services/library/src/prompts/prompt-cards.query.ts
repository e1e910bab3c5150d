import type { PreparedStatement } from '@promptlib/platform/service';
import { PROMPT_PREVIEW_CHARS, type PromptCard, type PromptSort } from '@promptlib/proto';
import type { CardKey } from './prompt-cursor';

/** One page of cards as the rules ask for it: every field already checked. */
export type CardQuery = {
  userId: number;
  favoritesOnly: boolean;
  categoryId: number | null;
  /** Only prompts with this tag, in the user's spelling of it (see TagsRepository.spellings). */
  tag: string | null;
  /** The search text less its outer spaces; '' matches every card (tags are searched too). */
  needle: string;
  sort: PromptSort;
  after: CardKey | null;
  /** Rows to read: one more than the page holds, to tell whether another page follows. */
  rows: number;
};

// Case-insensitive search lower-cases both sides with ICU, whatever the database's own locale. The
// title, the content and the tags are stored lowered in one column, line by line, with a trigram
// index (SearchTitleWithContent): lowering them on every read was most of a search's time.
const SEARCH_TEXT = `"search_text"`;
// The name sort's collation (the same migration): ICU's root order at base strength with numbers
// by value, as the browser's Intl.Collator(…, { sensitivity: 'base', numeric: true }) sorts.
const TITLE_ORDERED = `"title" COLLATE "library"."title_order"`;

// Never-used prompts after every used one; the same expression as the index (AddPromptLastUsed).
const LAST_USED = `COALESCE("last_used_at", '-infinity'::timestamptz)`;

const ORDER: Record<PromptSort, string> = {
  recent: `"id" DESC`,
  name: `${TITLE_ORDERED} ASC, "id" DESC`,
  used: `"usage_count" DESC, "id" DESC`,
  lastUsed: `${LAST_USED} DESC, "id" DESC`,
};

const CARD_COLUMNS = `"id", "title", left("content", ${PROMPT_PREVIEW_CHARS}) AS "preview",
  char_length("content") AS "contentLength", "category_id" AS "categoryId", "is_favorite" AS "isFavorite",
  "usage_count" AS "usageCount",
  to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
  "tags",
  to_char("last_used_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastUsedAt"`;

/** A LIKE pattern that finds `needle` anywhere, its own % and _ taken literally. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type Sql = { text: string; values: unknown[] };

/** The filter and search every card of the list passes, whatever the page. */
function listConditions(query: CardQuery, values: unknown[]): string[] {
  values.push(query.userId);
  const conditions = [`"user_id" = $${values.length}`];
  if (query.favoritesOnly) conditions.push(`"is_favorite" = 1`);
  if (query.categoryId !== null) {
    values.push(query.categoryId);
    conditions.push(`"category_id" = $${values.length}`);
  }
  if (query.tag !== null) {
    values.push([query.tag]);
    conditions.push(`"tags" @> $${values.length}::text[]`);
  }
  if (query.needle !== '') {
    values.push(containsPattern(query.needle));
    const pattern = `lower($${values.length}::text COLLATE "und-x-icu")`;
    conditions.push(`${SEARCH_TEXT} LIKE ${pattern}`);
  }
  return conditions;
}

/** The cards after `query.after` in the sort's order, `query.rows` at most. */
export function cardPageSql(query: CardQuery): Sql {
  const values: unknown[] = [];
  return pageSql(query, listConditions(query, values), values);
}

/**
 * The ids of the cards a search finds, in no order and `cap` at most. Without an order to keep,
 * Postgres reads the candidates its trigram indexes give and rechecks only those.
 */
export function searchMatchesSql(query: CardQuery, cap: number): Sql {
  const values: unknown[] = [];
  const conditions = listConditions(query, values);
  values.push(cap);
  return {
    text: `SELECT "id" FROM "library"."prompts" WHERE ${conditions.join(' AND ')} LIMIT $${values.length}`,
    values,
  };
}

/**
 * The page among these prompts (a search's matches) after `query.after` in the sort's order. The
 * matches are sorted by their keys alone and only the page's cards are read: a card's columns read
 * its whole content, hundreds of times over if every match were read before the sort.
 *
 * A prepared statement, one per sort and per first or later page (its text depends on nothing
 * else): planned anew, hundreds of ids in the array cost Postgres more to estimate than to read.
 */
export function cardPageAmongSql(query: CardQuery, ids: number[]): PreparedStatement & Sql {
  const values: unknown[] = [query.userId, ids];
  const conditions = [`"user_id" = $1`, `"id" = ANY($2::int[])`, ...keysetConditions(query.after, values)];
  values.push(query.rows);
  return {
    name: `library-cards-among-${query.sort}${query.after ? '-after' : ''}`,
    text: `SELECT ${CARD_COLUMNS} FROM "library"."prompts" WHERE "id" IN (
             SELECT "id" FROM "library"."prompts" WHERE ${conditions.join(' AND ')}
             ORDER BY ${ORDER[query.sort]} LIMIT $${values.length}
           ) ORDER BY ${ORDER[query.sort]}`,
    values,
  };
}

/** The page of cards meeting `conditions` after `query.after` in the sort's order, `query.rows` at most. */
function pageSql(query: CardQuery, conditions: string[], values: unknown[]): Sql {
  conditions.push(...keysetConditions(query.after, values));
  values.push(query.rows);
  return {
    text: `SELECT ${CARD_COLUMNS} FROM "library"."prompts" WHERE ${conditions.join(' AND ')}
           ORDER BY ${ORDER[query.sort]} LIMIT $${values.length}`,
    values,
  };
}

/** What keeps a page to the cards after `key` in its sort's order (none for the first page). */
function keysetConditions(key: CardKey | null, values: unknown[]): string[] {
  if (!key) return [];
  values.push(key.id);
  const id = `$${values.length}`;
  if (key.sort === 'recent') return [`"id" < ${id}`];
  if (key.sort === 'used') {
    values.push(key.usageCount);
    return [`("usage_count", "id") < ($${values.length}, ${id})`];
  }
  if (key.sort === 'lastUsed') {
    values.push(key.lastUsedAt);
    return [
      `(${LAST_USED}, "id") < (COALESCE($${values.length}::timestamptz, '-infinity'::timestamptz), ${id})`,
    ];
  }
  values.push(key.title);
  const title = `$${values.length}::text`;
  // The first condition alone lets the index start at the key; the second leaves out the key's
  // own card and those before it among equal titles.
  return [`${TITLE_ORDERED} >= ${title}`, `(${TITLE_ORDERED} > ${title} OR "id" < ${id})`];
}

/** How many cards the whole list holds, counting no further than `cap`. */
export function cardCountSql(query: CardQuery, cap: number): Sql {
  const values: unknown[] = [];
  const conditions = listConditions(query, values);
  values.push(cap);
  return {
    text: `SELECT count(*)::int AS "count" FROM (
             SELECT 1 FROM "library"."prompts" WHERE ${conditions.join(' AND ')} LIMIT $${values.length}
           ) AS "counted"`,
    values,
  };
}

/** The sidebar's counts in one pass over the user's prompts: per category, favourites apart. */
export const PROMPT_COUNTS_QUERY = `
SELECT "category_id" AS "categoryId", count(*)::int AS "count",
       count(*) FILTER (WHERE "is_favorite" = 1)::int AS "favorites"
FROM "library"."prompts" WHERE "user_id" = $1
GROUP BY "category_id"`;

export type CardRow = PromptCard;
export type CategoryCountRow = { categoryId: number | null; count: number; favorites: number };

/**
 * A page of the palette's title index: the user's prompts newest first below an id cursor, as many
 * as fit the byte budget by their titles' stored length (the content is never read), each with the
 * number of rows the page considered. $1 user id, $2 cursor (null: the first page), $3 byte budget,
 * $4 most rows to consider.
 */
export const PROMPT_TITLES_QUERY = `
WITH recent AS (
  SELECT "id", "title", "category_id", "usage_count", octet_length("title") + 40 AS size
  FROM "library"."prompts"
  WHERE "user_id" = $1 AND ($2::int IS NULL OR "id" < $2)
  ORDER BY "id" DESC
  LIMIT $4
)
SELECT "id", "title", "category_id" AS "categoryId", "usage_count" AS "usageCount",
       (SELECT count(*)::int FROM recent) AS "candidates"
FROM (SELECT *, sum(size) OVER (ORDER BY "id" DESC) - size AS bytes_before FROM recent) AS sized
WHERE bytes_before < $3
ORDER BY "id" DESC`;

export type TitleRow = {
  id: number;
  title: string;
  categoryId: number | null;
  usageCount: number;
  candidates: number;
};
