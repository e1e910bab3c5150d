import { PROMPT_JSON_OVERHEAD_BYTES, type Prompt } from '@promptlib/proto';

/**
 * One page of a user's prompts, newest first, below an id cursor: the rows that fit the page, each
 * with the number of rows that were considered for it.
 *
 * The page is sized in SQL from each row's stored length (octet_length reads the size from the
 * TOAST header without decompressing), so only the rows that fit are read in full. The rows come
 * as plain columns, timestamps already as the API's ISO text, and the service writes the JSON: V8
 * escapes 3 MB of text in a fraction of the CPU Postgres's row_to_json takes for it (measured with
 * the floor server of `npm run bench:prompts`), and this is the hot path of every dashboard load.
 * $1 user id, $2 cursor (null for the first page), $3 byte budget, $4 most rows to consider.
 */
export const PROMPT_PAGE_QUERY = `
WITH recent AS (
  SELECT "id", octet_length("title") + octet_length("content") + octet_length("library"."tags_text"("tags"))
    + 4 * cardinality("tags") + ${PROMPT_JSON_OVERHEAD_BYTES} AS size
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
SELECT p."id", p."title", p."content", p."category_id" AS "categoryId", p."is_favorite" AS "isFavorite",
       p."usage_count" AS "usageCount",
       to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
       to_char(p."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
       p."tags",
       (SELECT count(*)::int FROM recent) AS "candidates"
FROM "library"."prompts" p JOIN chosen USING ("id")
ORDER BY p."id" DESC
`;

/** A prompt as the API answers it, in the API's field order, and how many rows the page considered. */
export type PromptPageRow = Prompt & { candidates: number };
