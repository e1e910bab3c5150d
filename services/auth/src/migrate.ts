import 'reflect-metadata';
import { createLogger, migrateOnly } from '@promptlib/platform';
import { loadAuthConfig } from './config/auth-config';
import { migrations } from './migrations';

const config = loadAuthConfig(process.env);
migrateOnly('auth', config, createLogger('auth-migrate', config.LOG_LEVEL), migrations).catch(
  (error: unknown) => {
    console.error(`Auth migrations failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
