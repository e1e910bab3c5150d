import type { ServiceDefinition } from '@promptlib/platform/service';
import { loadSharingConfig, type SharingConfig } from './config/sharing-config';
import { migrations } from './migrations';
import { SharingModule } from './sharing.module';

export const sharingService: ServiceDefinition<SharingConfig> = {
  service: 'sharing',
  loadConfig: loadSharingConfig,
  module: (config, logger) => SharingModule.forRoot(config, logger),
  migrations,
};
