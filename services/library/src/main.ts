import 'reflect-metadata';
import { createLogger, runService } from '@promptlib/platform';
import { LibraryModule } from './library.module';
import { loadLibraryConfig } from './config/library-config';

async function main(): Promise<void> {
  const config = loadLibraryConfig(process.env);
  const logger = createLogger('library', config.LOG_LEVEL);
  await runService('library', LibraryModule.forRoot(config, logger), config, logger);
}

main().catch((error: unknown) => {
  console.error(`Library service failed to start: ${(error as Error).message}`);
  process.exit(1);
});
