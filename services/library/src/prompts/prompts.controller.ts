import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type ChangedPrompts,
  type CopyResult,
  type Done,
  type ImportResult,
  type OwnedPrompt,
  type Prompt,
  type PromptCardsPage,
  type PromptCounts,
  type PromptTitlesPage,
  type UserScoped,
} from '@promptlib/proto';
import {
  PromptCardsService,
  type PromptCardsRequest,
  type PromptTitlesRequest,
} from './prompt-cards.service';
import { PromptImportService, type ImportPromptsRequest } from './prompt-import.service';
import {
  PromptBatchesService,
  type MovePromptsRequest,
  type PromptIdsRequest,
} from './prompt-batches.service';
import {
  PromptsService,
  type CreatePromptRequest,
  type PromptRequest,
  type UpdatePromptRequest,
} from './prompts.service';

@Controller()
export class PromptsController {
  constructor(
    private readonly prompts: PromptsService,
    private readonly imports: PromptImportService,
    private readonly cards: PromptCardsService,
    private readonly batches: PromptBatchesService,
  ) {}

  @Handles(subjects.library.promptsCards)
  cardPage(request: PromptCardsRequest): Promise<PromptCardsPage> {
    return this.cards.page(request);
  }

  @Handles(subjects.library.promptsTitles)
  titles(request: PromptTitlesRequest): Promise<PromptTitlesPage> {
    return this.cards.titles(request);
  }

  @Handles(subjects.library.promptsCounts)
  counts({ userId }: UserScoped): Promise<PromptCounts> {
    return this.cards.counts(userId);
  }

  @Handles(subjects.library.promptsGet)
  get(request: PromptRequest): Promise<OwnedPrompt> {
    return this.prompts.getOwned(request);
  }

  @Handles(subjects.library.promptsCreate)
  create(request: CreatePromptRequest): Promise<Prompt> {
    return this.prompts.create(request);
  }

  @Handles(subjects.library.promptsImport)
  importPage(request: ImportPromptsRequest): Promise<ImportResult> {
    return this.imports.importPage(request);
  }

  @Handles(subjects.library.promptsUpdate)
  update(request: UpdatePromptRequest): Promise<Prompt> {
    return this.prompts.update(request);
  }

  @Handles(subjects.library.promptsDelete)
  delete(request: PromptRequest): Promise<Done> {
    return this.prompts.delete(request);
  }

  @Handles(subjects.library.promptsDeleteMany)
  deleteMany(request: PromptIdsRequest): Promise<ChangedPrompts> {
    return this.batches.delete(request);
  }

  @Handles(subjects.library.promptsMoveMany)
  moveMany(request: MovePromptsRequest): Promise<ChangedPrompts> {
    return this.batches.move(request);
  }

  @Handles(subjects.library.promptsRestore)
  restore(request: PromptIdsRequest): Promise<ChangedPrompts> {
    return this.batches.restore(request);
  }

  @Handles(subjects.library.promptsCopy)
  copy(request: PromptRequest): Promise<CopyResult> {
    return this.prompts.copy(request);
  }

  @Handles(subjects.library.promptsToggleFavorite)
  toggleFavorite(request: PromptRequest): Promise<Prompt> {
    return this.prompts.toggleFavorite(request);
  }
}
