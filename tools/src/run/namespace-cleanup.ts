import Redis from 'ioredis';
import { connect } from 'nats';
import { Client } from 'pg';
import { removeSandboxStateFiles } from './stripe-access';

export type NamespaceLocations = { databaseUrl: string; redisUrl: string; natsUrl: string };

/**
 * Removes everything a test run created under its namespace: the databases (with the schemas its
 * tests made in them) and logins, streams (with their consumers), keys, Redis users and Stripe sandbox state files whose
 * names start with it, as npm test's lanes, the smoke test and each test file add suffixes for
 * namespaces of their own. The run namespace is unique, so nothing of anyone else's can match.
 */
export async function removeNamespace(namespace: string, at: NamespaceLocations): Promise<string[]> {
  const results = await Promise.allSettled([
    dropDatabases(namespace, at.databaseUrl),
    deleteStreams(namespace, at.natsUrl),
    deleteKeys(namespace, at.redisUrl),
    removeSandboxStateFiles(namespace),
  ]);
  return results.flatMap((result) =>
    result.status === 'rejected' ? [String((result.reason as Error).message)] : [],
  );
}

async function dropDatabases(namespace: string, databaseUrl: string): Promise<void> {
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
      [namespace],
    );
    for (const { datname } of rows) {
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        datname,
      ]);
      await client.query(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}"`);
    }
    // The logins the migrate step made for the namespace (npm start's smoke test, the system
    // tests), once no database holds anything of theirs.
    const logins = await client.query<{ rolname: string }>(
      'SELECT rolname FROM pg_roles WHERE left(rolname, length($1)) = $1',
      [namespace],
    );
    for (const { rolname } of logins.rows) {
      await client.query(`DROP ROLE IF EXISTS "${rolname.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

async function deleteStreams(namespace: string, natsUrl: string): Promise<void> {
  const connection = await connect({ servers: natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const prefix = namespace.toUpperCase();
    for await (const stream of manager.streams.list()) {
      if (stream.config.name.startsWith(prefix)) await manager.streams.delete(stream.config.name);
    }
  } finally {
    await connection.close();
  }
}

async function deleteKeys(namespace: string, redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    // The Redis users the migrate step made for the namespace.
    const users = ((await redis.call('ACL', 'USERS').catch(() => [])) as string[]).filter((user) =>
      user.startsWith(namespace),
    );
    if (users.length > 0) await redis.call('ACL', 'DELUSER', ...users);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
