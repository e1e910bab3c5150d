import { createServer } from 'node:http';
import { Pool } from 'pg';

/**
 * The yardstick: the least a Node server can do to answer the same list — one query, one
 * JSON.stringify, one write. Forked as a process of its own, like the gateway, so neither shares
 * an event loop with the load generator. Reports its port to the parent over IPC.
 */
const LIST_SQL = `SELECT id, title, content, category_id AS "categoryId", is_favorite AS "isFavorite",
  usage_count AS "usageCount", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM library.prompts WHERE user_id = $1 ORDER BY id DESC`;

const userId = Number(process.env.BENCH_USER_ID);
// Same pool size as the library service's DataSource, so neither side wins on connections.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/') {
    res.writeHead(404).end();
    return;
  }
  pool.query(LIST_SQL, [userId]).then(
    ({ rows }) => {
      // pg returns timestamptz as Date, whose toJSON is the ISO string the API sends.
      const body = JSON.stringify(rows);
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(body);
    },
    (error: Error) => res.writeHead(500).end(error.message),
  );
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address !== null && typeof address === 'object') process.send?.({ port: address.port });
});

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
