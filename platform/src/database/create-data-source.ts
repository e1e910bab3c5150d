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
};

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
    // Raw SQL in migrations and queries then lands in the service's own schema too, and fails
    // rather than falling back to public when the schema is missing.
    extra: { options: `-c search_path=${options.schema}` },
  });
}
