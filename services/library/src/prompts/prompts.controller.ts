import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type CopyResult, type Done, type Prompt, type ParsedRequestOf } from '@promptlib/proto';
import { PromptsService } from './prompts.service';

type PromptRequest = ParsedRequestOf<typeof subjects.library.promptsGet>;

@Controller()
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Handles(subjects.library.promptsGet)
  get(request: PromptRequest): Promise<Prompt> {
    return this.prompts.get(request.userId, request.promptId);
  }

  @Handles(subjects.library.promptsCreate)
  create(request: ParsedRequestOf<typeof subjects.library.promptsCreate>): Promise<Prompt> {
    const { userId, ...fields } = request;
    return this.prompts.create(userId, fields);
  }

  @Handles(subjects.library.promptsUpdate)
  update(request: ParsedRequestOf<typeof subjects.library.promptsUpdate>): Promise<Prompt> {
    const { userId, promptId, ...fields } = request;
    return this.prompts.update(userId, promptId, fields);
  }

  @Handles(subjects.library.promptsDelete)
  async delete(request: PromptRequest): Promise<Done> {
    await this.prompts.delete(request.userId, request.promptId);
    return { success: true };
  }

  @Handles(subjects.library.promptsCopy)
  copy(request: PromptRequest): Promise<CopyResult> {
    return this.prompts.copy(request.userId, request.promptId);
  }

  @Handles(subjects.library.promptsToggleFavorite)
  toggleFavorite(request: PromptRequest): Promise<Prompt> {
    return this.prompts.toggleFavorite(request.userId, request.promptId);
  }
}
