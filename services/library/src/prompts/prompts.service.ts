import { Inject, Injectable } from '@nestjs/common';
import { serviceError, notFound } from '@promptlib/platform';
import {
  PROMPT_PAGE_MAX_BYTES,
  PROMPT_PAGE_MAX_ROWS,
  prompt as promptSchema,
  type CopyResult,
  type Done,
  type OwnedPrompt,
  type ParsedRequestOf,
  type Prompt,
  type PromptFields,
  type PromptPage,
  type subjects,
} from '@promptlib/proto';
import { CategoriesService } from '../categories/categories.service';
import { LIBRARY_DATA, type LibraryData, type LibraryRepositories } from '../library-data';
import { TiersService } from '../tiers/tiers.service';
import { pageThatFits } from './page-that-fits';
import { announceMarks, announceUpdates, deletePrompts } from './prompt-events';
import type { PromptEntity } from './prompt.entity';
import { normalizePrompt, promptProblems, type PromptInput } from './prompt-rules';
import { recordVersions } from '../versions/prompt-history';
import { promptTags } from '../tags/tags.service';
import { UseCounter } from './use-counter';

export type PromptPageRequest = ParsedRequestOf<typeof subjects.library.promptsList>;
export type PromptRequest = ParsedRequestOf<typeof subjects.library.promptsGet>;
export type CreatePromptRequest = ParsedRequestOf<typeof subjects.library.promptsCreate>;
export type UpdatePromptRequest = ParsedRequestOf<typeof subjects.library.promptsUpdate>;

// What a listed prompt's JSON holds, in the contract's order (a page row also says how many rows it considered).
const PROMPT_FIELDS = Object.keys(promptSchema.shape);

@Injectable()
export class PromptsService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    private readonly categories: CategoriesService,
    private readonly tiers: TiersService,
  ) {}

  private readonly uses = new UseCounter((userId, promptId, uses) =>
    this.data.direct.prompts.addUses(userId, promptId, uses),
  );

  /**
   * One page of the user's prompts, newest first, starting below `before`, as JSON bytes. A page
   * holds as many prompts as fit in a NATS message with room to spare; the gateway joins the pages.
   * Should a page of unusually escape-heavy text still come out too big, fewer rows are taken.
   */
  async page({ userId, before = null }: PromptPageRequest): Promise<PromptPage> {
    const page = await pageThatFits(
      PROMPT_PAGE_MAX_ROWS,
      (rows) => this.data.direct.prompts.page(userId, before, PROMPT_PAGE_MAX_BYTES, rows),
      (rows) => {
        const promptsJson = Buffer.from(JSON.stringify(rows, PROMPT_FIELDS));
        return { reply: promptsJson, bytes: promptsJson.length };
      },
    );
    return { promptsJson: page.reply, count: page.rows.length, nextBefore: page.nextBefore };
  }

  async get({ userId, promptId }: PromptRequest): Promise<Prompt> {
    return toPrompt(await this.findOwned(userId, promptId));
  }

  /** The user's own prompt with its row version, for another service's projection. */
  async getOwned({ userId, promptId }: PromptRequest): Promise<OwnedPrompt> {
    const entity = await this.findOwned(userId, promptId);
    return { ...toPrompt(entity), version: entity.version };
  }

  async create({ userId, ...change }: CreatePromptRequest): Promise<Prompt> {
    const input = validated(change);
    const created = await this.data.transaction(async (tx) => {
      // Creations by one user take turns on their tier row, so a count and its insert are never raced.
      const tier = await tx.tiers.lock(userId);
      this.tiers.requirePromptRoom(tier, await tx.prompts.count(userId));
      const pro = this.tiers.isPro(tier);
      // Free accounts keep every prompt in General, whatever category was asked for.
      const categoryId = pro
        ? await this.categoryFor(tx, userId, change.categoryId)
        : await this.general(tx, userId);
      const tags = await promptTags(tx, userId, change.tags ?? []);
      const prompt = await tx.prompts.insert({ userId, ...input, categoryId, tags });
      await announceUpdates(tx, [prompt]);
      await recordVersions(tx, userId, [prompt], 'app', this.tiers.versionsKept(tier));
      return prompt;
    });
    return toPrompt(created);
  }

  /**
   * An edit may move a prompt to any of the user's own categories, on any tier. Without tags it
   * keeps those the prompt has. Only a change of title, content or category is a new version and
   * an event of its text; tags alone are saved as they are, and announced as marks.
   */
  async update({ userId, promptId, ...change }: UpdatePromptRequest): Promise<Prompt> {
    const input = validated(change);
    const updated = await this.data.transaction(async (tx) => {
      // The user's writes take turns on their tier row, before any prompt is locked, as bulk
      // changes do: a tag's spelling is decided once, and no two writes lock in opposite orders.
      const tier = await tx.tiers.lock(userId);
      const prompt = await tx.prompts.lockOwned(userId, promptId);
      if (!prompt) throw notFound('prompt');
      const categoryId = await this.categoryFor(tx, userId, change.categoryId);
      const tags = change.tags === undefined ? prompt.tags : await promptTags(tx, userId, change.tags);
      const changed =
        prompt.title !== input.title || prompt.content !== input.content || prompt.categoryId !== categoryId;
      const retagged = tags.join('\u0000') !== prompt.tags.join('\u0000');
      // Saving what is already there would make a version, and an event, of nothing (a copy or a
      // favourite mark is not an edit either, and never comes here).
      if (!changed && !retagged) return prompt;
      if (!changed) {
        const retaggedPrompt = await tx.prompts.save(Object.assign(prompt, { tags }));
        await announceMarks(tx, { userId, promptId, isFavorite: prompt.isFavorite === 1 ? 1 : 0, tags });
        return retaggedPrompt;
      }
      Object.assign(prompt, input, { categoryId, tags, version: prompt.version + 1 });
      const saved = await tx.prompts.save(prompt);
      await announceUpdates(tx, [saved]);
      await recordVersions(tx, userId, [saved], 'app', this.tiers.versionsKept(tier));
      return saved;
    });
    return toPrompt(updated);
  }

  /** The prompt leaves the library at once and can be restored for a while (see PromptBatchesService). */
  async delete({ userId, promptId }: PromptRequest): Promise<Done> {
    const deleted = await this.data.transaction((tx) => deletePrompts(tx, userId, [promptId]));
    if (deleted.length === 0) throw notFound('prompt');
    return { success: true };
  }

  /** One more use, counted in the database (see UseCounter) so simultaneous copies are all counted. */
  async copy({ userId, promptId }: PromptRequest): Promise<CopyResult> {
    const usageCount = await this.uses.count(userId, promptId);
    if (usageCount === null) throw notFound('prompt');
    return { usageCount };
  }

  /** The star flips, announced to the user's other devices. */
  async toggleFavorite({ userId, promptId }: PromptRequest): Promise<Prompt> {
    await this.data.transaction(async (tx) => {
      const marks = await tx.prompts.toggleFavorite(userId, promptId);
      if (!marks) throw notFound('prompt');
      await announceMarks(tx, { userId, promptId, ...marks });
    });
    return this.get({ userId, promptId });
  }

  private async findOwned(userId: number, promptId: number): Promise<PromptEntity> {
    const prompt = await this.data.direct.prompts.findOwned(userId, promptId);
    if (!prompt) throw notFound('prompt');
    return prompt;
  }

  /** No category means General; any other must be one of the user's own. */
  private async categoryFor(
    tx: LibraryRepositories,
    userId: number,
    categoryId: number | null,
  ): Promise<number> {
    if (categoryId === null) return this.general(tx, userId);
    return (await this.categories.findOwned(tx, userId, categoryId)).id;
  }

  private async general(tx: LibraryRepositories, userId: number): Promise<number> {
    return (await this.categories.ensureDefault({ userId }, tx)).id;
  }
}

function validated(change: PromptFields): PromptInput {
  const input = normalizePrompt(change);
  const problems = promptProblems(input);
  if (problems) throw serviceError('VALIDATION_FAILED', Object.values(problems)[0]!.message, problems);
  return input;
}

export function toPrompt(entity: PromptEntity): Prompt {
  return {
    id: entity.id,
    title: entity.title,
    content: entity.content,
    categoryId: entity.categoryId,
    isFavorite: entity.isFavorite === 1 ? 1 : 0,
    usageCount: entity.usageCount,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    tags: entity.tags,
  };
}
