import { Global, Module, type DynamicModule } from '@nestjs/common';
import { LIBRARY_CONFIG, type LibraryConfig } from './library-config';

@Global()
@Module({})
export class LibraryConfigModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    return {
      module: LibraryConfigModule,
      providers: [{ provide: LIBRARY_CONFIG, useValue: config }],
      exports: [LIBRARY_CONFIG],
    };
  }
}
