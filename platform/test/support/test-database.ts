import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export type TestDatabase = {
  url: string;
  /** A fresh, unique schema name, dropped by cleanup(). */
  newSchema: (label: string) => string;
  cleanup: () => Promise<void>;
};

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Where one test file keeps its schemas: the run's own database when DATABASE_URL is given,
 * otherwise a database of its own on the local server. Either way cleanup() leaves nothing behind.
 */
export async function openTestDatabase(suffix: string): Promise<TestDatabase> {
  const schemas: string[] = [];
  const newSchema = (label: string) => {
    const schema = `${label}_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };

  const given = process.env.DATABASE_URL;
  if (given) {
    return {
      url: given,
      newSchema,
      cleanup: () =>
        withClient(given, async (client) => {
          for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        }),
    };
  }

  const database = `${process.env.APP_NAMESPACE ?? 'plt_local'}_${suffix}`;
  const drop = async (client: Client) => {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  };
  await withClient(LOCAL_SERVER, async (client) => {
    await drop(client);
    await client.query(`CREATE DATABASE "${database}"`);
  });
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${database}`;
  return { url: url.toString(), newSchema, cleanup: () => withClient(LOCAL_SERVER, drop) };
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
