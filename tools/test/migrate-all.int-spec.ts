import { makeTestCertificates, PrivateNatsServer, removeEventStreams } from '@promptlib/platform/testing';
import { serviceDatabaseUrlVariable } from '@promptlib/platform/service';
import { busAccess, eventsStream, serviceNames, STREAM_KEEPER } from '@promptlib/proto';
import { connect, type ConnectionOptions } from 'nats';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ADMIN_USER, passwordVariable } from '../src/nats-config/render-nats-config';
import { NATS_CONFIG_PATH } from '../src/nats-config/write-nats-config';

const repoRoot = path.resolve(__dirname, '..', '..');
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The database at `url` under the namespace's login for `who` (made by the migrate step). */
function loginUrl(url: URL, who: string): string {
  const login = new URL(url);
  login.username = `${login.pathname.slice(1)}_${who}`;
  login.password = `${who}-password`;
  return login.toString();
}

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

/** The events stream's subjects as the server at `options` holds them. */
async function streamSubjects(namespace: string, options: ConnectionOptions): Promise<string[] | undefined> {
  const nats = await connect(options);
  try {
    return (await (await nats.jetstreamManager()).streams.info(eventsStream(namespace).name)).config.subjects;
  } finally {
    await nats.close();
  }
}

describe('npm run migrate', () => {
  const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_migall`;
  // Production's NATS: the shipped config, over TLS, the migrate step signed in as its own user.
  const certificates = mkdtempSync(path.join(tmpdir(), 'migrate-tls-'));
  const keeperPassword = `keeper-${process.pid}`;
  let production: PrivateNatsServer;
  let tls: { ca: string; cert: string; key: string };

  beforeAll(async () => {
    await admin('postgres', async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${namespace}"`);
    });
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    tls = makeTestCertificates(certificates);
    production = await PrivateNatsServer.create(binary, {
      config: NATS_CONFIG_PATH,
      // Every user's password, as the server needs them all; only the keeper's is used.
      env: Object.fromEntries(
        [...Object.keys(busAccess), STREAM_KEEPER, ADMIN_USER].map((user) => [
          passwordVariable(user),
          user === STREAM_KEEPER ? keeperPassword : `unused-${user}-${process.pid}`,
        ]),
      ),
      tls: { cert: tls.cert, key: tls.key },
    });
    await production.start();
  }, 180_000);

  afterAll(async () => {
    await admin('postgres', async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
      for (const login of [...serviceNames, 'migrate'])
        await client.query(`DROP ROLE IF EXISTS "${namespace}_${login}"`);
    });
    const nats = await connect({ servers: NATS_URL });
    await removeEventStreams(nats, namespace);
    await nats.close();
    await production?.remove();
    rmSync(certificates, { recursive: true, force: true });
  });

  it('migrates every service’s schema and sets up the events stream with a database and NATS only, and a second run finds nothing to do', async () => {
    const url = new URL(server);
    url.pathname = `/${namespace}`;
    // Production refuses the development default URL and one without a password; a deployment
    // names its own (a server that trusts local connections ignores the password).
    url.searchParams.set('application_name', 'migrate-job');
    if (!url.password) url.password = 'unused-by-trust';
    // What a pre-upgrade job is given: no Redis, no Stripe keys, even in production.
    const base: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      APP_NAMESPACE: namespace,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'warn',
    };
    const runs: Record<string, NodeJS.ProcessEnv> = {
      test: { ...base, NODE_ENV: 'test', NATS_URL },
      // The second run as a deployment's job: it makes the owner and each service's login, and
      // hands the schemas the first run made (as one shared login) over to the owner.
      production: {
        ...base,
        DATABASE_ADMIN_URL: url.toString(),
        DATABASE_URL: loginUrl(url, 'migrate'),
        ...Object.fromEntries(
          serviceNames.map((service) => [serviceDatabaseUrlVariable(service), loginUrl(url, service)]),
        ),
        NODE_ENV: 'production',
        NATS_URL: production.url,
        NATS_USER: STREAM_KEEPER,
        NATS_PASSWORD: keeperPassword,
        NATS_TLS_CA: tls.ca,
      },
    };
    for (const [mode, env] of Object.entries(runs)) {
      const result = spawnSync('npm', ['run', 'migrate', '--silent'], {
        cwd: repoRoot,
        env,
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
      const owners = await client.query<{ owner: string }>(
        `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'S')`,
        [serviceNames],
      );
      expect(owners.rows).toEqual([{ owner: `${namespace}_migrate` }]);
    });
    // Each service's login reads its own tables, and another's not at all.
    const asLibrary = new Client({ connectionString: loginUrl(url, 'library') });
    await asLibrary.connect();
    try {
      await expect(asLibrary.query('SELECT count(*) FROM library.prompts')).resolves.toBeDefined();
      await expect(asLibrary.query('SELECT count(*) FROM auth.users')).rejects.toMatchObject({
        code: '42501',
      });
    } finally {
      await asLibrary.end();
    }
    const subjects = eventsStream(namespace).subjects;
    expect(await streamSubjects(namespace, { servers: NATS_URL })).toEqual(subjects);
    expect(
      await streamSubjects(namespace, {
        servers: production.url,
        user: STREAM_KEEPER,
        pass: keeperPassword,
        tls: { caFile: tls.ca },
        inboxPrefix: `_INBOX_${STREAM_KEEPER}`,
      }),
    ).toEqual(subjects);
  }, 360_000);
});
