import type { Logger } from 'pino';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { assertSchemaName } from './schema-name';
import { PinoTypeOrmLogger } from './typeorm-logger';

export type CreateDataSourceOptions = {
  url: string;
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize?: number;
  applicationName?: string;
  /** Where TypeORM's own messages (migration progress and failures) go; without it, the console. */
  logger?: Logger;
  /** Waiting for a connection, new or from the pool; 0 waits for ever. */
  connectTimeoutMs?: number;
  /** Any one statement; Postgres cancels it past this (SQLSTATE 57014). 0 for none. */
  statementTimeoutMs?: number;
  /** A transaction left idle; Postgres ends its session past this, rolling it back. 0 for none. */
  idleInTransactionTimeoutMs?: number;
};

// Below the 5 s a caller waits (DEFAULT_REQUEST_TIMEOUT_MS): once it has answered 503, the work it
// gave up on is cancelled or rolled back rather than committed late. Migrations lift the last two.
const CONNECT_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 4_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 4_000;

/**
 * A service's DataSource, not yet initialized. Schema changes happen only through migrations
 * (runMigrations), never through synchronize, so every replica and the migrate Job agree.
 */
export function createDataSource(options: CreateDataSourceOptions): DataSource {
  assertSchemaName(options.schema);
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    ...(options.logger ? { logger: new PinoTypeOrmLogger(options.logger) } : {}),
    poolSize: options.poolSize ?? 10,
    applicationName: options.applicationName,
    connectTimeoutMS: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    extra: {
      // Raw SQL in migrations and queries then lands in the service's own schema too, and fails
      // rather than falling back to public when the schema is missing.
      options: `-c search_path=${options.schema}`,
      // Session defaults sent when each connection opens, so RESET returns to them.
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout:
        options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
}
