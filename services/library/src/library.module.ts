import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform';
import type { Logger } from 'pino';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesService } from './categories/categories.service';
import { CategoryEntity } from './categories/category.entity';
import { LIBRARY_CONFIG, type LibraryConfig } from './config/library-config';
import { LibraryEvents } from './events/library-events';
import { migrations } from './migrations';
import { PromptPagesResponder } from './prompts/prompt-pages.responder';
import { PromptEntity } from './prompts/prompt.entity';
import { PromptsController } from './prompts/prompts.controller';
import { PromptsService } from './prompts/prompts.service';
import { TiersController } from './tiers/tiers.controller';
import { TiersService } from './tiers/tiers.service';
import { UserTierEntity } from './tiers/user-tier.entity';

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
      ],
      controllers: [CategoriesController, PromptsController, TiersController],
      providers: [
        { provide: LIBRARY_CONFIG, useValue: config },
        CategoriesService,
        PromptsService,
        TiersService,
        LibraryEvents,
        PromptPagesResponder,
      ],
    };
  }
}
