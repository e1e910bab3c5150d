import type { ServiceDefinition } from '@promptlib/platform/service';
import { loadLibraryConfig, type LibraryConfig } from './config/library-config';
import { LibraryModule } from './library.module';
import { migrations } from './migrations';

export const libraryService: ServiceDefinition<LibraryConfig> = {
  service: 'library',
  loadConfig: loadLibraryConfig,
  module: (config, logger) => LibraryModule.forRoot(config, logger),
  migrations,
};
