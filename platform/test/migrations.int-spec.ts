import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { createDataSource, type CreateDataSourceOptions } from '../src/database/create-data-source';
import { runMigrations } from '../src/database/run-migrations';
import { captureLogger } from './support/capture-logger';
import { openTestDatabase, type TestDatabase } from './support/test-database';

// No IF NOT EXISTS, and slow enough that two unguarded runners overlap: running it twice fails.
class CreateThings1700000000001 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('SELECT pg_sleep(0.3)');
    await runner.query('CREATE TABLE things (id int PRIMARY KEY)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE things');
  }
}

// Longer than the statement timeout of the data sources below that set one.
class Slow1700000000003 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('SELECT pg_sleep(0.5)');
    await runner.query('CREATE TABLE slow (id int)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE slow');
  }
}

class Broken1700000000002 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE broken (id int)');
    await runner.query('SELECT * FROM no_such_table');
  }

  async down(): Promise<void> {}
}

describe('runMigrations', () => {
  let database: TestDatabase;
  const dataSources: DataSource[] = [];
  const { logger, lines } = captureLogger('migrations-test');

  function dataSourceFor(
    schema: string,
    migrations: Array<new () => MigrationInterface>,
    poolSize?: number,
    timeouts: Pick<CreateDataSourceOptions, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'> = {},
  ) {
    const dataSource = createDataSource({
      url: database.url,
      schema,
      entities: [],
      migrations,
      poolSize,
      applicationName: 'migrations-test',
      logger,
      ...timeouts,
    });
    dataSources.push(dataSource);
    return dataSource;
  }

  async function query<T>(dataSource: DataSource, sql: string, parameters?: unknown[]): Promise<T[]> {
    if (!dataSource.isInitialized) await dataSource.initialize();
    return (await dataSource.query(sql, parameters)) as T[];
  }

  beforeAll(async () => {
    database = await openTestDatabase('migrations');
  });

  afterAll(async () => {
    await Promise.all(dataSources.filter((ds) => ds.isInitialized).map((ds) => ds.destroy()));
    await database.cleanup();
  });

  it('lets two replicas migrate a fresh schema at once: one runs each migration, the other waits', async () => {
    const schema = database.newSchema('race');
    const [a, b] = [
      dataSourceFor(schema, [CreateThings1700000000001]),
      dataSourceFor(schema, [CreateThings1700000000001]),
    ];

    const results = await Promise.all([runMigrations(a, schema, logger), runMigrations(b, schema, logger)]);

    expect(results.flat()).toEqual(['CreateThings1700000000001']);
    const rows = await query<{ name: string }>(a, `SELECT name FROM "${schema}".migrations`);
    expect(rows).toEqual([{ name: 'CreateThings1700000000001' }]);
    expect(lines.filter((line) => line.msg === 'Migrations applied')).toContainEqual(
      expect.objectContaining({ schema, migrations: ['CreateThings1700000000001'] }),
    );
  });

  it('races without the lock (control: the migration above really fails when run twice)', async () => {
    const schema = database.newSchema('control');
    const [a, b] = [
      dataSourceFor(schema, [CreateThings1700000000001]),
      dataSourceFor(schema, [CreateThings1700000000001]),
    ];
    await Promise.all([a.initialize(), b.initialize()]);
    await a.query(`CREATE SCHEMA "${schema}"`);
    await a.query(
      `CREATE TABLE "${schema}".migrations (id serial PRIMARY KEY, timestamp bigint NOT NULL, name varchar NOT NULL)`,
    );

    const results = await Promise.allSettled([
      a.runMigrations({ transaction: 'each' }),
      b.runMigrations({ transaction: 'each' }),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('creates tables in the service schema, not in public, and runs nothing the second time', async () => {
    const schema = database.newSchema('home');
    const dataSource = dataSourceFor(schema, [CreateThings1700000000001]);

    expect(await runMigrations(dataSource, schema, logger)).toEqual(['CreateThings1700000000001']);
    expect(await runMigrations(dataSource, schema, logger)).toEqual([]);

    const homes = await query<{ schema: string }>(
      dataSource,
      "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'things' AND table_schema IN ($1, 'public')",
      [schema],
    );
    expect(homes).toEqual([{ schema }]);
  });

  it('migrates with a pool of one connection', async () => {
    const schema = database.newSchema('pool1');
    const dataSource = dataSourceFor(schema, [CreateThings1700000000001], 1);
    await expect(runMigrations(dataSource, schema, logger)).resolves.toEqual(['CreateThings1700000000001']);
  });

  it('runs a migration longer than the statement timeout, then gives the connection its timeouts back', async () => {
    const schema = database.newSchema('slow');
    const dataSource = dataSourceFor(schema, [Slow1700000000003], 1, {
      statementTimeoutMs: 200,
      idleInTransactionTimeoutMs: 200,
    });

    await expect(runMigrations(dataSource, schema, logger)).resolves.toEqual(['Slow1700000000003']);

    // A pool of one: this is the connection that migrated.
    const [timeouts] = await query<{ statement: string; idle: string }>(
      dataSource,
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(timeouts).toEqual({ statement: '200ms', idle: '200ms' });
    await expect(dataSource.query('SELECT pg_sleep(0.5)')).rejects.toMatchObject({
      driverError: { code: '57014' },
    });
  });

  it('opens request connections with timeouts below the time a caller waits', async () => {
    const dataSource = dataSourceFor(database.newSchema('defaults'), []);
    const [timeouts] = await query<{ statement: string; idle: string }>(
      dataSource,
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(timeouts).toEqual({ statement: '4s', idle: '4s' });
  });

  it('rolls a failing migration back and releases the lock', async () => {
    const schema = database.newSchema('broken');
    const broken = dataSourceFor(schema, [CreateThings1700000000001, Broken1700000000002]);

    await expect(runMigrations(broken, schema, logger)).rejects.toThrow(/no_such_table/);

    const [state] = await query<{ locks: number; broken: string | null }>(
      broken,
      `SELECT (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND objid = hashtext($1)::oid) AS locks,
              to_regclass($2)::text AS broken`,
      [`${schema}.migrations`, `"${schema}".broken`],
    );
    expect(state).toEqual({ locks: 0, broken: null });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/Broken1700000000002" failed/) }),
    );
    const applied = await query<{ name: string }>(broken, `SELECT name FROM "${schema}".migrations`);
    expect(applied).toEqual([{ name: 'CreateThings1700000000001' }]);
  });

  it('refuses a schema name that is not a plain identifier before running any SQL', async () => {
    expect(() => dataSourceFor('Bad"Name', [])).toThrow(/Invalid schema name/);
    const dataSource = dataSourceFor(database.newSchema('valid'), []);
    await expect(runMigrations(dataSource, 'x"; DROP SCHEMA public; --', logger)).rejects.toThrow(
      /Invalid schema name/,
    );
    expect(dataSource.isInitialized).toBe(false);
  });
});
