import { tierDefaults } from '@promptlib/proto';
import { createServer, type ServerResponse } from 'node:http';
import { Pool } from 'pg';

/**
 * The yardstick: the least a Node server can do to answer what the gateway answers — one query,
 * one JSON.stringify, one write; no session, no hop, no framework. Forked as a process of its own,
 * like the gateway, so neither shares an event loop with the load generator. Reports its port to
 * the parent over IPC. The user and the prompt are in the query string (the gateway has the
 * session for that).
 *
 *   GET  /list?user=N            the user's prompts, newest first (GET /api/prompts)
 *   GET  /limits?user=N          the free plan's usage (GET /api/user/limits)
 *   POST /copy?user=N&prompt=M   one more use (POST /api/prompts/{id}/copy)
 *   GET  /health                 {"status":"ok"} (GET /api/health)
 *   GET  /config                 BENCH_CLIENT_CONFIG, the JSON GET /api/config answers
 */
const LIST_SQL = `SELECT id, title, content, category_id AS "categoryId", is_favorite AS "isFavorite",
  usage_count AS "usageCount", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM library.prompts WHERE user_id = $1 ORDER BY id DESC`;

const LIMITS_SQL = `SELECT (SELECT count(*)::int FROM library.prompts WHERE user_id = $1) AS prompts,
  (SELECT count(*)::int FROM library.categories WHERE user_id = $1) AS categories`;

const COPY_SQL = `UPDATE library.prompts SET usage_count = usage_count + 1
  WHERE id = $1 AND user_id = $2 RETURNING usage_count AS "usageCount"`;

const HEALTH = JSON.stringify({ status: 'ok' });
const CLIENT_CONFIG = process.env.BENCH_CLIENT_CONFIG ?? '{}';

// Same pool size as the library service's, so neither side wins on connections.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const user = Number(url.searchParams.get('user'));
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /health') return send(res, HEALTH);
  if (route === 'GET /config') return send(res, CLIENT_CONFIG);
  if (route === 'GET /list') return answer(res, pool.query(LIST_SQL, [user]), ({ rows }) => rows);
  if (route === 'GET /limits') {
    return answer(res, pool.query<{ prompts: number; categories: number }>(LIMITS_SQL, [user]), ({ rows }) =>
      freeLimits(rows[0].prompts, rows[0].categories),
    );
  }
  if (route === 'POST /copy') {
    const prompt = Number(url.searchParams.get('prompt'));
    return answer(res, pool.query(COPY_SQL, [prompt, user]), ({ rows }) => rows[0]);
  }
  res.writeHead(404).end();
});

function freeLimits(prompts: number, categories: number) {
  const usage = (used: number, limit: number) => ({ used, limit, canCreate: used < limit });
  return {
    isPro: false,
    prompts: usage(prompts, tierDefaults.freePromptLimit),
    categories: usage(categories, tierDefaults.freeCategoryLimit),
    subscription: { isCancelled: false, endsAt: null },
  };
}

function answer<T>(res: ServerResponse, query: Promise<T>, shape: (result: T) => unknown): void {
  query.then(
    // pg returns timestamptz as Date, whose toJSON is the ISO string the API sends.
    (result) => send(res, JSON.stringify(shape(result))),
    (error: Error) => res.writeHead(500).end(error.message),
  );
}

function send(res: ServerResponse, body: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address !== null && typeof address === 'object') process.send?.({ port: address.port });
});

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
