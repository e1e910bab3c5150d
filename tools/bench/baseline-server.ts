import { createServer, type ServerResponse } from 'node:http';
import { Pool } from 'pg';
import { copyPrompt, freeLimits, listenForBench, listPrompts, sendJson } from './bare-work';

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
const HEALTH = JSON.stringify({ status: 'ok' });
const CLIENT_CONFIG = process.env.BENCH_CLIENT_CONFIG ?? '{}';

// Same pool size as the library service's, so neither side wins on connections.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const user = Number(url.searchParams.get('user'));
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /health') return sendJson(res, HEALTH);
  if (route === 'GET /config') return sendJson(res, CLIENT_CONFIG);
  if (route === 'GET /list') return answer(res, listPrompts(pool, user));
  if (route === 'GET /limits') return answer(res, freeLimits(pool, user));
  if (route === 'POST /copy')
    return answer(res, copyPrompt(pool, user, Number(url.searchParams.get('prompt'))));
  res.writeHead(404).end();
});

function answer(res: ServerResponse, work: Promise<unknown>): void {
  work.then(
    (result) => sendJson(res, JSON.stringify(result)),
    (error: Error) => res.writeHead(500).end(error.message),
  );
}

listenForBench(server, () => pool.end());
