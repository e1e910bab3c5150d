import { eventsStream } from '@promptlib/proto';
import { connect } from 'nats';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';

const repoRoot = path.resolve(__dirname, '..', '..');
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

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

  afterAll(async () => {
    await admin('postgres', (client) => client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`));
    const nats = await connect({ servers: NATS_URL });
    await (await nats.jetstreamManager()).streams.delete(eventsStream(namespace).name).catch(() => false);
    await nats.close();
  });

  it('migrates every service’s schema and sets up the events stream with a database and NATS only, and a second run finds nothing to do', async () => {
    const url = new URL(server);
    url.pathname = `/${namespace}`;
    // Production refuses the development default URL; a deployment names its own.
    url.searchParams.set('application_name', 'migrate-job');
    // What a pre-upgrade job is given: no Redis, no Stripe keys, even in production.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    Object.assign(env, {
      APP_NAMESPACE: namespace,
      DATABASE_URL: url.toString(),
      // The same server by another name than the development default, which production refuses.
      NATS_URL: NATS_URL.replace('127.0.0.1', 'localhost'),
      LOG_LEVEL: 'warn',
    });
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
    await admin(namespace, async (client) => {
      const { rows } = await client.query<{ schema: string }>(
        `SELECT table_schema AS schema FROM information_schema.tables
         WHERE table_name = 'migrations' ORDER BY table_schema`,
      );
      expect(rows.map((row) => row.schema)).toEqual(['auth', 'billing', 'library', 'sharing']);
    });
    const nats = await connect({ servers: NATS_URL });
    try {
      const stream = await (await nats.jetstreamManager()).streams.info(eventsStream(namespace).name);
      expect(stream.config.subjects).toEqual(eventsStream(namespace).subjects);
    } finally {
      await nats.close();
    }
  }, 120_000);
});
