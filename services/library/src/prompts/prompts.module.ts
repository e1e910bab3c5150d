import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { TiersModule } from '../tiers/tiers.module';
import { DeletedPromptsPurge } from './deleted-prompts-purge';
import { PromptBatchesService } from './prompt-batches.service';
import { PromptCardsService } from './prompt-cards.service';
import { PromptImportService } from './prompt-import.service';
import { PromptPagesResponder } from './prompt-pages.responder';
import { PromptsController } from './prompts.controller';
import { PromptsService } from './prompts.service';

@Module({
  imports: [CategoriesModule, TiersModule],
  controllers: [PromptsController],
  providers: [
    PromptsService,
    PromptImportService,
    PromptCardsService,
    PromptPagesResponder,
    PromptBatchesService,
    DeletedPromptsPurge,
  ],
})
export class PromptsModule {}
