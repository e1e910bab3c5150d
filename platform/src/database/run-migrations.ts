import type { Logger } from 'pino';
import { MigrationExecutor, type DataSource, type QueryRunner } from 'typeorm';
import { connectWithRetry } from './connect-with-retry';
import { assertSchemaName } from './schema-name';

/**
 * Brings the schema up to date. Replicas booting together and the migrate Job may all call this
 * at once: a session advisory lock per schema lets one of them migrate while the others wait and
 * then find nothing pending. Everything runs on the connection that holds the lock, so a pool of
 * one cannot deadlock against itself. A schema already up to date is only read: a service whose
 * login may not change its schema boots after the migrate step, and fails with a clear message
 * when that step has not run.
 */
export async function runMigrations(
  dataSource: DataSource,
  schema: string,
  logger: Logger,
): Promise<string[]> {
  assertSchemaName(schema);
  if (!dataSource.isInitialized) await connectWithRetry(dataSource, logger);
  const runner = dataSource.createQueryRunner();
  try {
    const pending = await new MigrationExecutor(dataSource, runner).getPendingMigrations();
    if (pending.length === 0) {
      logger.debug({ schema }, 'No pending migrations');
      return [];
    }
    return await migrateUnderLock(dataSource, runner, schema, logger).catch((error: unknown) => {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
      throw new Error(
        `The ${schema} schema has ${pending.length} migration(s) to apply (${pending.map((m) => m.name).join(', ')}) and this login may not apply them: run the migrate step first (${(error as Error).message})`,
      );
    });
  } finally {
    await runner.release();
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

async function migrateUnderLock(
  dataSource: DataSource,
  runner: QueryRunner,
  schema: string,
  logger: Logger,
): Promise<string[]> {
  // The pool's timeouts are for requests: a migration, and the wait for another replica's, may
  // take as long as it needs. Set outside any transaction, so a migration's rollback keeps them.
  await runner.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
  try {
    await acquireLock(runner, schema, logger);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      const names = (await executor.executePendingMigrations()).map((migration) => migration.name);
      if (names.length > 0) logger.info({ schema, migrations: names }, 'Migrations applied');
      else logger.debug({ schema }, 'No pending migrations');
      return names;
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(schema)]);
    }
  } finally {
    // Back to the pool's timeouts (those the connection opened with) before it serves requests.
    await runner.query('RESET statement_timeout; RESET idle_in_transaction_session_timeout');
  }
}

function lockKey(schema: string): string {
  return `${schema}.migrations`;
}

async function acquireLock(runner: QueryRunner, schema: string, logger: Logger): Promise<void> {
  const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
    lockKey(schema),
  ])) as Array<{ locked: boolean }>;
  if (locked) return;
  logger.info({ schema }, 'Another process is migrating this schema; waiting for it');
  await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey(schema)]);
}
