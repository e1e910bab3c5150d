import { serviceNames } from '@promptlib/proto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { findExecutable, runCommand } from '../infra/processes';

/** Every service's schema: all the product's data in Postgres (the events live in NATS, caches in Redis). */
export const BACKED_UP_SCHEMAS: readonly string[] = serviceNames;

// A dump or restore of a large library takes minutes, not the minute a command gets by default.
const DUMP_TIMEOUT_MS = 60 * 60_000;

async function postgresProgram(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const found = await findExecutable(name, ['/usr/lib/postgresql/bin']);
  if (!found) throw new Error(`${name} was not found: install the Debian postgresql-client package.`);
  return found;
}

/**
 * Dumps every service's schema of the database at `databaseUrl` into `file` (pg_dump's custom
 * format): one snapshot of all of them, so a prompt and its shared copy agree. Tables, rows,
 * sequences and the grants to each service's login are in it.
 */
export async function backUpDatabase(databaseUrl: string, file: string): Promise<void> {
  const extensions = await extensionsIn(databaseUrl, BACKED_UP_SCHEMAS);
  await runCommand(
    await postgresProgram('pg_dump'),
    [
      '--format=custom',
      ...BACKED_UP_SCHEMAS.map((schema) => `--schema=${schema}`),
      ...extensions.map((extension) => `--extension=${extension}`),
      `--file=${file}`,
      databaseUrl,
    ],
    { timeoutMs: DUMP_TIMEOUT_MS },
  );
}

/**
 * The extensions installed into these schemas (library's pg_trgm): pg_dump leaves extensions out
 * of a dump of chosen schemas, and a restore of the indexes that use one fails without it.
 */
async function extensionsIn(databaseUrl: string, schemas: readonly string[]): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ extname: string }>(
      `SELECT e.extname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
       WHERE n.nspname = ANY($1::text[]) ORDER BY e.extname`,
      [schemas],
    );
    return rows.map((row) => row.extname);
  } finally {
    await client.end();
  }
}

/**
 * Puts every service's schema back as `file` holds it, replacing what is there, in one
 * transaction: a restore that fails changes nothing. Run it with the apps stopped, as the schemas'
 * owner. The public reads the sharing service cached in Redis are dropped, so none outlives the
 * restore (the text of a link the backup has as revoked, say).
 */
export async function restoreDatabase(options: {
  databaseUrl: string;
  file: string;
  redisUrl: string;
  namespace: string;
}): Promise<void> {
  await runCommand(
    await postgresProgram('pg_restore'),
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${options.databaseUrl}`,
      options.file,
    ],
    { timeoutMs: DUMP_TIMEOUT_MS },
  );
  await dropSharedReadCache(options.redisUrl, options.namespace);
}

async function dropSharedReadCache(redisUrl: string, namespace: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      // The cached reads only (share:<id>): pending view counts are kept and added as usual.
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:share:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
