import type { ServiceName } from '@promptlib/proto';
import type { Logger } from 'pino';
import type { EntitySchema, MixedList } from 'typeorm';
import { createDataSource } from '../database/create-data-source';
import { runMigrations } from '../database/run-migrations';
import { setUpEventsStream } from '../nats/events-stream';
import type { MigrationConfig } from './service-config';

/**
 * `npm run migrate` for a deployment's pre-upgrade job: migrate the service's schema, set up the
 * events stream (the only step allowed to), and exit.
 */
export async function migrateOnly(
  service: ServiceName,
  config: MigrationConfig,
  logger: Logger,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string | EntitySchema>,
): Promise<void> {
  const dataSource = createDataSource({
    url: config.DATABASE_URL,
    schema: service,
    entities: [],
    migrations: migrations as [],
    applicationName: `${config.APP_NAMESPACE}-${service}-migrate`,
    logger,
  });
  try {
    await runMigrations(dataSource, service, logger);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
  await setUpEventsStream(config, config.APP_NAMESPACE, { maxBytes: config.EVENTS_MAX_BYTES }, logger);
}
