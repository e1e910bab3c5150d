import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { CategoriesController } from './categories.controller';
import { LibraryClient } from './library.client';
import { LimitsController } from './limits.controller';
import { PromptsController } from './prompts.controller';

@Module({
  imports: [RateLimitModule],
  controllers: [PromptsController, CategoriesController, LimitsController],
  providers: [LibraryClient],
  exports: [LibraryClient],
})
export class LibraryModule {}
