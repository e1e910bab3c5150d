import { tierDefaults } from '@promptlib/proto';
import type { Server, ServerResponse } from 'node:http';
import type { Pool } from 'pg';

/**
 * The work of each request done the plainest way, shared by the bare server and the no-framework
 * floor: one query each, the answer shaped as the API shapes it.
 */
const LIST_SQL = `SELECT id, title, content, category_id AS "categoryId", is_favorite AS "isFavorite",
  usage_count AS "usageCount", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM library.prompts WHERE user_id = $1 ORDER BY id DESC`;

const PAGE_SQL = `SELECT id, title, content, category_id AS "categoryId", is_favorite AS "isFavorite",
  usage_count AS "usageCount", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM library.prompts WHERE user_id = $1 AND ($2::int IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`;

const LIMITS_SQL = `SELECT (SELECT count(*)::int FROM library.prompts WHERE user_id = $1) AS prompts,
  (SELECT count(*)::int FROM library.categories WHERE user_id = $1) AS categories`;

const COPY_SQL = `UPDATE library.prompts SET usage_count = usage_count + 1
  WHERE id = $1 AND user_id = $2 RETURNING usage_count AS "usageCount"`;

/** The user's prompts, newest first; pg returns timestamptz as Date, whose toJSON is the API's ISO string. */
export async function listPrompts(pool: Pool, user: number): Promise<unknown[]> {
  return (await pool.query(LIST_SQL, [user])).rows;
}

/** One page of the user's prompts below a cursor, newest first. */
export async function promptPage(
  pool: Pool,
  user: number,
  before: number | null,
  rows: number,
): Promise<{ id: number }[]> {
  return (await pool.query<{ id: number }>(PAGE_SQL, [user, before, rows])).rows;
}

/** The free plan's limits record (the bench's users are free). */
export async function freeLimits(pool: Pool, user: number): Promise<unknown> {
  const { rows } = await pool.query<{ prompts: number; categories: number }>(LIMITS_SQL, [user]);
  const usage = (used: number, limit: number) => ({ used, limit, canCreate: used < limit });
  return {
    isPro: false,
    prompts: usage(rows[0].prompts, tierDefaults.freePromptLimit),
    categories: usage(rows[0].categories, tierDefaults.freeCategoryLimit),
    subscription: { isCancelled: false, endsAt: null },
  };
}

export async function copyPrompt(pool: Pool, user: number, prompt: number): Promise<unknown> {
  return (await pool.query(COPY_SQL, [prompt, user])).rows[0];
}

export function sendJson(res: ServerResponse, body: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** Listens on a free port and tells the parent which over IPC; on SIGTERM stops and releases the rest. */
export function listenForBench(server: Server, release: () => Promise<unknown>): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address !== null && typeof address === 'object') process.send?.({ port: address.port });
  });
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void release().finally(() => process.exit(0));
  });
}
