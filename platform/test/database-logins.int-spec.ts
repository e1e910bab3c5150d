import { connect } from 'nats';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { removeEventStreams } from '../testing/event-streams';
import { postgresAnswer } from '../testing/store-answers';
import { assertServiceLogin } from '../src/database/database-logins';
import { createDataSource } from '../src/database/create-data-source';
import { runMigrations } from '../src/database/run-migrations';
import { migrateOnly } from '../src/service/migrate-only';
import { loadMigrationConfig } from '../src/service/service-config';
import { captureLogger } from './support/capture-logger';

const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_logins`;
const logins = ['owner', 'auth', 'library'].map((name) => `${namespace}_${name}`);
const [ownerLogin, authLogin, libraryLogin] = logins;

class CreateUsers1700000000001 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE users (id serial PRIMARY KEY, password_hash text NOT NULL)');
  }
  async down(): Promise<void> {}
}

class CreateUserTiers1700000000001 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE TABLE user_tiers (user_id int PRIMARY KEY, tier text NOT NULL DEFAULT 'free')",
    );
  }
  async down(): Promise<void> {}
}

class AddTierSince1700000000002 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE user_tiers ADD COLUMN since timestamptz');
  }
  async down(): Promise<void> {}
}

const urlAs = (login: string, database = namespace) => {
  const url = new URL(server);
  url.username = login;
  url.password = `${login}-password`;
  url.pathname = `/${database}`;
  return url.toString();
};
const adminUrl = () => Object.assign(new URL(server), { pathname: `/${namespace}` }).toString();

async function asLogin<T>(login: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: urlAs(login) });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const refusal = (sql: string) => ({ sql, code: '42501' });

describe('database logins: the owner migrates, each service uses only its own rows', () => {
  const { logger } = captureLogger('logins-test');
  let admin: Client;

  const migrate = (service: 'auth' | 'library', migrations: Array<new () => MigrationInterface>, env = {}) =>
    migrateOnly(
      service,
      loadMigrationConfig({
        APP_NAMESPACE: namespace,
        NATS_URL,
        DATABASE_URL: urlAs(ownerLogin),
        DATABASE_ADMIN_URL: adminUrl(),
        DATABASE_AUTH_URL: urlAs(authLogin),
        DATABASE_LIBRARY_URL: urlAs(libraryLogin),
        ...env,
      }),
      logger,
      migrations,
    );

  beforeAll(async () => {
    admin = new Client({
      connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
    for (const login of logins) await admin.query(`DROP ROLE IF EXISTS "${login}"`);
    await admin.query(`CREATE DATABASE "${namespace}"`);
    await migrate('auth', [CreateUsers1700000000001]);
    await migrate('library', [CreateUserTiers1700000000001]);
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
    for (const login of logins) await admin.query(`DROP ROLE IF EXISTS "${login}"`);
    await admin.end();
    const nats = await connect({ servers: NATS_URL });
    await removeEventStreams(nats, namespace);
    await nats.close();
  });

  it('makes the owner own each schema and its tables, and no login more than a login', async () => {
    const { rows } = await asLogin(ownerLogin, (client) =>
      client.query<{ schema: string; owner: string }>(
        `SELECT nspname AS schema, pg_get_userbyid(nspowner) AS owner FROM pg_namespace
          WHERE nspname IN ('auth', 'library') ORDER BY 1`,
      ),
    );
    expect(rows).toEqual([
      { schema: 'auth', owner: ownerLogin },
      { schema: 'library', owner: ownerLogin },
    ]);
    const roles = await admin.query<{ rolname: string; rolsuper: boolean; rolcreaterole: boolean }>(
      'SELECT rolname, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = ANY($1) ORDER BY 1',
      [logins],
    );
    expect(roles.rows.every((role) => !role.rolsuper && !role.rolcreaterole)).toBe(true);
    expect(roles.rows).toHaveLength(3);
  });

  it("lets a service's login read and write its own rows", async () => {
    await asLogin(authLogin, async (client) => {
      await client.query("INSERT INTO auth.users (password_hash) VALUES ('$argon2id$x')");
      const { rows } = await client.query('SELECT count(*)::int AS n FROM auth.users');
      expect(rows[0].n).toBe(1);
    });
    await asLogin(libraryLogin, async (client) => {
      await client.query("INSERT INTO library.user_tiers (user_id, tier) VALUES (1, 'free')");
      await client.query("UPDATE library.user_tiers SET tier = 'pro' WHERE user_id = 1");
    });
  });

  it("refuses another service's rows, the shape of its own tables, and the record of migrations", async () => {
    const attempts = [
      { login: libraryLogin, sql: 'SELECT password_hash FROM auth.users' },
      { login: authLogin, sql: "UPDATE library.user_tiers SET tier = 'pro'" },
      { login: authLogin, sql: "INSERT INTO library.user_tiers (user_id, tier) VALUES (2, 'pro')" },
      { login: authLogin, sql: 'ALTER TABLE auth.users ADD COLUMN is_admin boolean' },
      { login: authLogin, sql: 'DROP TABLE auth.users' },
      { login: authLogin, sql: 'CREATE TABLE auth.sneaky (id int)' },
      { login: authLogin, sql: 'DELETE FROM auth.migrations' },
      { login: libraryLogin, sql: 'CREATE SCHEMA sneaky' },
    ];
    for (const { login, sql } of attempts) {
      expect({ sql, code: await postgresAnswer(urlAs(login), sql) }).toEqual(refusal(sql));
    }
  });

  it("boots a service under its own login once migrated, and refuses the owner's login in production", async () => {
    const dataSource = createDataSource({
      url: urlAs(libraryLogin),
      schema: 'library',
      entities: [],
      migrations: [CreateUserTiers1700000000001],
      logger,
    });
    try {
      await expect(runMigrations(dataSource, 'library', logger)).resolves.toEqual([]);
      await expect(assertServiceLogin(dataSource, 'library')).resolves.toBeUndefined();
    } finally {
      await dataSource.destroy();
    }
    const asOwner = createDataSource({
      url: urlAs(ownerLogin),
      schema: 'library',
      entities: [],
      migrations: [],
      logger,
    });
    await asOwner.initialize();
    try {
      await expect(assertServiceLogin(asOwner, 'library')).rejects.toThrow(
        /signs in to Postgres as .*_owner, the owner of its schema: in production it must use a login of its own/,
      );
    } finally {
      await asOwner.destroy();
    }
  });

  it('tells a service booted before the migrate step to run it, and the step then grants the new table', async () => {
    const next = [CreateUserTiers1700000000001, AddTierSince1700000000002];
    const dataSource = createDataSource({
      url: urlAs(libraryLogin),
      schema: 'library',
      entities: [],
      migrations: next,
      logger,
    });
    try {
      await expect(runMigrations(dataSource, 'library', logger)).rejects.toThrow(
        /library schema has 1 migration\(s\) to apply \(AddTierSince1700000000002\) and this login may not apply them: run the migrate step first/,
      );
      await migrate('library', next);
      await expect(runMigrations(dataSource, 'library', logger)).resolves.toEqual([]);
      await dataSource.query('UPDATE library.user_tiers SET since = now()');
    } finally {
      await dataSource.destroy();
    }
  });

  it("says what to do when a service's login does not exist and no admin may make it", async () => {
    await expect(
      migrate('library', [CreateUserTiers1700000000001], {
        DATABASE_ADMIN_URL: undefined,
        DATABASE_LIBRARY_URL: urlAs(`${namespace}_nobody`),
      }),
    ).rejects.toThrow(
      /login .*_nobody of the library service does not exist: create it, or give the migrate step DATABASE_ADMIN_URL/,
    );
  });

  it('hands a schema made by one shared login over to the owner', async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${namespace}"`);
    // As an installation from before the split: the admin's login made the schema and its tables.
    const before = createDataSource({
      url: adminUrl(),
      schema: 'auth',
      entities: [],
      migrations: [CreateUsers1700000000001],
      logger,
    });
    await runMigrations(before, 'auth', logger);
    await before.destroy();

    await migrate('auth', [CreateUsers1700000000001]);
    await asLogin(authLogin, (client) => client.query("INSERT INTO auth.users (password_hash) VALUES ('h')"));
    const owners = await asLogin(ownerLogin, (client) =>
      client.query<{ owner: string }>(
        `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'auth' AND c.relkind IN ('r', 'S')`,
      ),
    );
    expect(owners.rows).toEqual([{ owner: ownerLogin }]);
  });
});
