import type { ServiceDefinition } from '@promptlib/platform/service';
import { AuthModule } from './auth.module';
import { loadAuthConfig, type AuthConfig } from './config/auth-config';
import { migrations } from './migrations';

export const authService: ServiceDefinition<AuthConfig> = {
  service: 'auth',
  loadConfig: loadAuthConfig,
  module: (config, logger) => AuthModule.forRoot(config, logger),
  migrations,
};
