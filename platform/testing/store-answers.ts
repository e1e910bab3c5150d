import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * What Redis answers `command` sent as the user in `url`: 'allowed', or the first word of its
 * refusal (NOPERM, WRONGPASS, …). For tests of who may do what.
 */
export async function redisAnswer(url: string, command: string[]): Promise<string> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const [name, ...args] = command;
    return await client.call(name, ...args).then(
      () => 'allowed',
      (error: Error) => error.message.split(' ')[0],
    );
  } finally {
    client.disconnect();
  }
}

/** What Postgres answers `sql` sent as the login in `url`: 'allowed', or the refusal's SQLSTATE. */
export async function postgresAnswer(url: string, sql: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql).then(
      () => 'allowed',
      (error: { code: string }) => error.code,
    );
  } finally {
    await client.end();
  }
}
