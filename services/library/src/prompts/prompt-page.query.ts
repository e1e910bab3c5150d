import { PROMPT_JSON_OVERHEAD_BYTES } from '@promptlib/proto';

/**
 * One page of a user's prompts, newest first, below an id cursor, answered by Postgres as compact JSON text.
 *
 * The page is sized in SQL from each row's stored length (octet_length reads the size from the
 * TOAST header without decompressing), so only the rows that fit are read in full and nothing is
 * turned into objects in this process: this is the hot path of every dashboard load.
 * $1 user id, $2 cursor (null for the first page), $3 byte budget, $4 most rows to consider.
 */
export const PROMPT_PAGE_QUERY = `
WITH recent AS (
  SELECT "id", octet_length("title") + octet_length("content") + ${PROMPT_JSON_OVERHEAD_BYTES} AS size
  FROM "library"."prompts"
  WHERE "user_id" = $1 AND ($2::int IS NULL OR "id" < $2)
  ORDER BY "id" DESC
  LIMIT $4
),
chosen AS (
  SELECT "id" FROM (
    SELECT "id", sum(size) OVER (ORDER BY "id" DESC) - size AS bytes_before FROM recent
  ) AS sized
  WHERE bytes_before < $3
)
SELECT
  (SELECT count(*)::int FROM recent) AS "candidates",
  (SELECT count(*)::int FROM chosen) AS "count",
  (SELECT min("id") FROM chosen) AS "lastId",
  (SELECT '[' || coalesce(string_agg(row_to_json(page)::text, ',' ORDER BY page."id" DESC), '') || ']'
   FROM (
     SELECT p."id", p."title", p."content", p."category_id" AS "categoryId", p."is_favorite" AS "isFavorite",
            p."usage_count" AS "usageCount",
            to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
            to_char(p."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
     FROM "library"."prompts" p JOIN chosen USING ("id")
   ) AS page) AS "json"
`;

export type PromptPageRow = { candidates: number; count: number; lastId: number | null; json: string };
