import 'reflect-metadata';
import { createLogger, migrateOnly } from '@promptlib/platform';
import { loadLibraryConfig } from './config/library-config';
import { migrations } from './migrations';

const config = loadLibraryConfig(process.env);
migrateOnly('library', config, createLogger('library-migrate', config.LOG_LEVEL), migrations).catch(
  (error: unknown) => {
    console.error(`Library migrations failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
