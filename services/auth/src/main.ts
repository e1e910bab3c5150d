import 'reflect-metadata';
import { createLogger, runService } from '@promptlib/platform';
import { AuthModule } from './auth.module';
import { loadAuthConfig } from './config/auth-config';

async function main(): Promise<void> {
  const config = loadAuthConfig(process.env);
  const logger = createLogger('auth', config.LOG_LEVEL);
  await runService('auth', AuthModule.forRoot(config, logger), config, logger);
}

main().catch((error: unknown) => {
  console.error(`Auth service failed to start: ${(error as Error).message}`);
  process.exit(1);
});
