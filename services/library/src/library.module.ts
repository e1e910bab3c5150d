import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform/service';
import type { Logger } from 'pino';
import { CategoriesModule } from './categories/categories.module';
import { CategoryEntity } from './categories/category.entity';
import type { LibraryConfig } from './config/library-config';
import { LibraryConfigModule } from './config/library-config.module';
import { LibraryEventsModule } from './events/library-events.module';
import { migrations } from './migrations';
import { PromptEntity } from './prompts/prompt.entity';
import { PromptsModule } from './prompts/prompts.module';
import { LibraryDataModule } from './library-data';
import { TiersModule } from './tiers/tiers.module';
import { UserTierEntity } from './tiers/user-tier.entity';
import { VersionsModule } from './versions/versions.module';
import { TagsModule } from './tags/tags.module';

@Module({})
export class LibraryModule {
  static forRoot(config: LibraryConfig, logger: Logger): DynamicModule {
    return {
      module: LibraryModule,
      imports: [
        ServiceInfrastructureModule.forRoot({
          service: 'library',
          config,
          logger,
          entities: [CategoryEntity, PromptEntity, UserTierEntity],
          migrations,
        }),
        LibraryConfigModule.forRoot(config),
        LibraryDataModule,
        TiersModule,
        CategoriesModule,
        PromptsModule,
        VersionsModule,
        TagsModule,
        LibraryEventsModule,
      ],
    };
  }
}
