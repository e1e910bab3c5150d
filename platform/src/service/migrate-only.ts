import type { ServiceName } from '@promptlib/proto';
import type { Logger } from 'pino';
import type { EntitySchema, MixedList } from 'typeorm';
import { createDataSource } from '../database/create-data-source';
import {
  grantServiceLogin,
  prepareDatabaseLogins,
  serviceDatabaseUrlVariable,
} from '../database/database-logins';
import { runMigrations } from '../database/run-migrations';
import { setUpEventsStream } from '../nats/events-stream';
import { ensureRedisUsers, processRedisUrlVariable } from '../redis/redis-users';
import { redisProcesses } from '@promptlib/proto';
import type { MigrationConfig } from './service-config';

/**
 * `npm run migrate` for a deployment's pre-upgrade job: migrate the service's schema as its owner
 * (DATABASE_URL), let the service's own login (DATABASE_<SERVICE>_URL) use its rows, set up the
 * events stream (the only step allowed to), and exit. Given DATABASE_ADMIN_URL, it first makes
 * both logins exist with the passwords their addresses carry; given REDIS_ADMIN_URL, it makes the
 * Redis user of each process whose REDIS_<PROCESS>_URL it is given.
 */
export async function migrateOnly(
  service: ServiceName,
  config: MigrationConfig,
  logger: Logger,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string | EntitySchema>,
): Promise<void> {
  const serviceUrl = config[serviceDatabaseUrlVariable(service)];
  if (config.DATABASE_ADMIN_URL) {
    await prepareDatabaseLogins(config.DATABASE_ADMIN_URL, config.DATABASE_URL, service, serviceUrl, logger);
  }
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
    if (serviceUrl) await grantServiceLogin(dataSource, service, serviceUrl, logger);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
  if (config.REDIS_ADMIN_URL) {
    const urls = Object.fromEntries(
      redisProcesses.map((process) => [process, config[processRedisUrlVariable(process)]]),
    );
    await ensureRedisUsers(config.REDIS_ADMIN_URL, config.APP_NAMESPACE, urls, logger);
  }
  await setUpEventsStream(config, config.APP_NAMESPACE, { maxBytes: config.EVENTS_MAX_BYTES }, logger);
}
