import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parsePayload } from '@promptlib/platform';
import { limits, subjects, type CopyResult, type Prompt } from '@promptlib/proto';
import { z } from 'zod';
import { PromptsService } from './prompts.service';

const userId = z.number().int().positive();
const promptId = z.number().int().positive();
// Shape only, with room above the limits: the rules and their messages live in the service.
const change = {
  title: z.string().max(limits.promptTitle.max * 4),
  content: z.string().max(limits.promptContent.max * 4),
  categoryId: z.number().int().positive().nullable(),
};

@Controller()
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @MessagePattern(subjects.library.promptsGet)
  get(@Payload() payload: unknown): Promise<Prompt> {
    const request = parsePayload(z.object({ userId, promptId }), payload);
    return this.prompts.get(request.userId, request.promptId);
  }

  @MessagePattern(subjects.library.promptsCreate)
  create(@Payload() payload: unknown): Promise<Prompt> {
    const { userId: id, ...input } = parsePayload(z.object({ userId, ...change }), payload);
    return this.prompts.create(id, input);
  }

  @MessagePattern(subjects.library.promptsUpdate)
  update(@Payload() payload: unknown): Promise<Prompt> {
    const {
      userId: id,
      promptId: prompt,
      ...input
    } = parsePayload(z.object({ userId, promptId, ...change }), payload);
    return this.prompts.update(id, prompt, input);
  }

  @MessagePattern(subjects.library.promptsDelete)
  async delete(@Payload() payload: unknown): Promise<{ success: true }> {
    const request = parsePayload(z.object({ userId, promptId }), payload);
    await this.prompts.delete(request.userId, request.promptId);
    return { success: true };
  }

  @MessagePattern(subjects.library.promptsCopy)
  copy(@Payload() payload: unknown): Promise<CopyResult> {
    const request = parsePayload(z.object({ userId, promptId }), payload);
    return this.prompts.copy(request.userId, request.promptId);
  }

  @MessagePattern(subjects.library.promptsToggleFavorite)
  toggleFavorite(@Payload() payload: unknown): Promise<Prompt> {
    const request = parsePayload(z.object({ userId, promptId }), payload);
    return this.prompts.toggleFavorite(request.userId, request.promptId);
  }
}
