import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@promptlib/proto';
import type { Logger } from 'pino';
import type { EntitySchema, MixedList } from 'typeorm';
import { createLogger } from '../logging/logger';
import { migrateOnly } from './migrate-only';
import { runService } from './run-service';
import { loadMigrationConfig, type ServiceProcessConfig } from './service-config';

/** What makes a service: its name, its validated config, its root module and its migrations. */
export type ServiceDefinition<C extends ServiceProcessConfig> = {
  service: ServiceName;
  loadConfig: (env: NodeJS.ProcessEnv) => C;
  module: (config: C, logger: Logger) => DynamicModule;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string | EntitySchema>;
};

/** A service's `main.ts`: serve until SIGTERM; a process that cannot start says why and exits 1. */
export function startService<C extends ServiceProcessConfig>(definition: ServiceDefinition<C>): void {
  const start = async () => {
    const config = definition.loadConfig(process.env);
    const logger = createLogger(definition.service, config.LOG_LEVEL);
    await runService(definition.service, definition.module(config, logger), config, logger);
  };
  start().catch((error: unknown) => {
    console.error(`The ${definition.service} service failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}

/** A service's `migrate.ts` (`npm run migrate`, a deployment's pre-upgrade job): migrate and exit. */
export function migrateService<C extends ServiceProcessConfig>(definition: ServiceDefinition<C>): void {
  const migrate = async () => {
    const config = loadMigrationConfig(process.env);
    const logger = createLogger(`${definition.service}-migrate`, config.LOG_LEVEL);
    await migrateOnly(definition.service, config, logger, definition.migrations);
  };
  migrate().catch((error: unknown) => {
    console.error(`The ${definition.service} migrations failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
