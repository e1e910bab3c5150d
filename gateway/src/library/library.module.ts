import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { CategoriesController } from './categories.controller';
import { LimitsController } from './limits.controller';
import { PromptsController } from './prompts.controller';
import { VersionsController } from './versions.controller';
import { TagsController } from './tags.controller';

@Module({
  imports: [SessionModule],
  controllers: [
    PromptsController,
    VersionsController,
    TagsController,
    CategoriesController,
    LimitsController,
  ],
})
export class LibraryModule {}
