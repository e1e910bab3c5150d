import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';

const repoRoot = path.resolve(__dirname, '..', '..');
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function admin<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(server);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('npm run migrate', () => {
  const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_migall`;

  beforeAll(() =>
    admin('postgres', async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${namespace}"`);
    }),
  );

  afterAll(() =>
    admin('postgres', (client) => client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`)),
  );

  it('migrates every service’s schema with nothing but a database, and a second run finds nothing to do', () => {
    const url = new URL(server);
    url.pathname = `/${namespace}`;
    // Production refuses the development default URL; a deployment names its own.
    url.searchParams.set('application_name', 'migrate-job');
    // What a pre-upgrade job is given: no NATS, no Redis, no Stripe keys, even in production.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    Object.assign(env, { APP_NAMESPACE: namespace, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' });
    for (const mode of ['test', 'production']) {
      const result = spawnSync('npm', ['run', 'migrate', '--silent'], {
        cwd: repoRoot,
        env: { ...env, NODE_ENV: mode },
        encoding: 'utf8',
      });
      expect({ mode, status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({
        mode,
        status: 0,
        stderr: '',
      });
    }
    return admin(namespace, async (client) => {
      const { rows } = await client.query<{ schema: string }>(
        `SELECT table_schema AS schema FROM information_schema.tables
         WHERE table_name = 'migrations' ORDER BY table_schema`,
      );
      expect(rows.map((row) => row.schema)).toEqual(['auth', 'billing', 'library', 'sharing']);
    });
  }, 120_000);
});
