import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Redis from 'ioredis';
import { connect, headers, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import { copyPrompt, freeLimits, listenForBench, promptPage, sendJson } from './bare-work';

/**
 * The design's floor: the same hops as the product — a front that reads a session from Redis
 * (GETEX), counts a write against a limit (one more Redis round trip), asks a back over NATS, and
 * a back that runs the query — written with nothing but node:http, ioredis, nats and pg. What the
 * gateway loses against this is the cost of our code and frameworks; what this loses against the
 * bare server is the cost of the hops themselves. Same routes as baseline-server.ts.
 *
 * The list goes as the product sends it: pages of about the product's size (one NATS message holds
 * at most 1 MB), one write when there is one page, else streamed page by page as they come.
 *
 *   floor-server.ts back    answers `<subject>.page|limits|copy` with the query's JSON
 *   floor-server.ts front   node:http on a free port, reported to the parent over IPC
 */
const role = process.argv[2];
const subject = `bench.floor.${process.env.BENCH_NAMESPACE}`;

type Ask = { user: number; prompt?: number; before?: number | null };

// About the product's page of 384 kB at the bench's 500–5,000 characters a prompt.
const PAGE_ROWS = 128;
const NEXT_HEADER = 'Next-Before';

async function back(): Promise<void> {
  const nats = await connect({ servers: process.env.NATS_URL, noAsyncTraces: true });
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const queries: Record<string, (ask: Ask) => Promise<unknown>> = {
    limits: ({ user }) => freeLimits(pool, user),
    copy: ({ user, prompt }) => copyPrompt(pool, user, prompt!),
  };
  for (const [name, query] of Object.entries(queries)) {
    nats.subscribe(`${subject}.${name}`, {
      queue: 'floor',
      callback: (_error, message) => {
        const ask = JSON.parse(Buffer.from(message.data).toString('utf8')) as Ask;
        query(ask).then(
          (answer) => message.respond(Buffer.from(JSON.stringify(answer))),
          (error: Error) => message.respond(Buffer.from(JSON.stringify({ error: error.message }))),
        );
      },
    });
  }
  // A page of the list: its rows as JSON, and the cursor of the next page in a header when there is one.
  nats.subscribe(`${subject}.page`, {
    queue: 'floor',
    callback: (_error, message) => {
      const ask = JSON.parse(Buffer.from(message.data).toString('utf8')) as Ask;
      promptPage(pool, ask.user, ask.before ?? null, PAGE_ROWS).then(
        (rows) => {
          const next = headers();
          if (rows.length === PAGE_ROWS) next.set(NEXT_HEADER, String(rows[rows.length - 1].id));
          message.respond(Buffer.from(JSON.stringify(rows)), { headers: next });
        },
        (error: Error) => message.respond(Buffer.from(JSON.stringify({ error: error.message }))),
      );
    },
  });
  await nats.flush();
  process.send?.({ ready: true });
  process.on('SIGTERM', () => void Promise.all([nats.drain(), pool.end()]).finally(() => process.exit(0)));
}

async function front(): Promise<void> {
  const nats: NatsConnection = await connect({ servers: process.env.NATS_URL, noAsyncTraces: true });
  const redis = new Redis(process.env.REDIS_URL!, { keyPrefix: `${process.env.BENCH_NAMESPACE}:floor:` });
  const session = randomBytes(24).toString('base64url');
  await redis.set(`sess:${session}`, JSON.stringify({ user: { id: 1, username: 'floor' } }), 'EX', 3600);
  const health = JSON.stringify({ status: 'ok' });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /health') return sendJson(res, health);
    const name = { 'GET /list': 'list', 'GET /limits': 'limits', 'POST /copy': 'copy' }[route];
    if (!name) return void res.writeHead(404).end();
    const ask: Ask = {
      user: Number(url.searchParams.get('user')),
      prompt: Number(url.searchParams.get('prompt')),
    };
    const signedIn = async () => {
      if ((await redis.getex(`sess:${session}`, 'EX', 3600)) === null) throw new Error('no session');
    };
    const page = (before: number | null) =>
      nats.request(`${subject}.page`, Buffer.from(JSON.stringify({ ...ask, before })), { timeout: 5_000 });
    if (name === 'list') {
      void (async () => {
        await signedIn();
        let reply = await page(null);
        let next = reply.headers?.get(NEXT_HEADER);
        if (!next) return sendJson(res, Buffer.from(reply.data).toString('utf8'));
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        res.write('[');
        for (let first = true; ; first = false) {
          if (!first) res.write(',');
          res.write(reply.data.subarray(1, reply.data.length - 1));
          if (!next) break;
          reply = await page(Number(next));
          next = reply.headers?.get(NEXT_HEADER);
        }
        res.end(']');
      })().catch((error: Error) => res.destroy(error));
      return;
    }
    const answer = async () => {
      await signedIn();
      if (name === 'copy') await redis.multi().incr('writes').expire('writes', 60).exec();
      const reply = await nats.request(`${subject}.${name}`, Buffer.from(JSON.stringify(ask)), {
        timeout: 5_000,
      });
      return Buffer.from(reply.data).toString('utf8');
    };
    answer().then(
      (body) => sendJson(res, body),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  listenForBench(server, () => Promise.all([nats.drain(), redis.quit()]));
}

if (role === 'back') void back();
else if (role === 'front') void front();
else throw new Error('floor-server.ts back|front');
