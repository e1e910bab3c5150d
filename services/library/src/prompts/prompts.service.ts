import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, serviceError, writeOutbox } from '@promptlib/platform';
import {
  MAX_MESSAGE_BYTES,
  PROMPT_PAGE_MAX_BYTES,
  PROMPT_PAGE_MAX_ROWS,
  eventSubjects,
  libraryMessages,
  type CopyResult,
  type Prompt,
  type PromptFields,
  type PromptPage,
} from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { CategoriesService } from '../categories/categories.service';
import { TiersService } from '../tiers/tiers.service';
import { PromptEntity } from './prompt.entity';
import { PROMPT_PAGE_QUERY, type PromptPageRow } from './prompt-page.query';
import { normalizePrompt, promptProblems, type PromptInput } from './prompt-rules';

// Room in a reply for its headers.
const REPLY_HEADROOM_BYTES = 16 * 1024;

@Injectable()
export class PromptsService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
    private readonly tiers: TiersService,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * One page of the user's prompts, newest first, starting below `before`, as JSON bytes. A page
   * holds as many prompts as fit in a NATS message with room to spare; the gateway joins the pages.
   * Should a page of unusually escape-heavy text still come out too big, fewer rows are taken.
   */
  async page(userId: number, before: number | null): Promise<PromptPage> {
    for (let rows = PROMPT_PAGE_MAX_ROWS; ; rows = Math.max(1, Math.floor(rows / 2))) {
      const [page] = await this.dataSource.query<PromptPageRow[]>(PROMPT_PAGE_QUERY, [
        userId,
        before,
        PROMPT_PAGE_MAX_BYTES,
        rows,
      ]);
      const promptsJson = Buffer.from(page.json);
      if (promptsJson.length <= MAX_MESSAGE_BYTES - REPLY_HEADROOM_BYTES || rows === 1) {
        const more = page.count < page.candidates || page.candidates === rows;
        return { promptsJson, count: page.count, nextBefore: more ? page.lastId : null };
      }
    }
  }

  async get(userId: number, promptId: number): Promise<Prompt> {
    return toPrompt(await this.findOwned(this.dataSource.manager, userId, promptId));
  }

  async create(userId: number, change: PromptFields): Promise<Prompt> {
    const input = validated(change);
    const created = await this.dataSource.transaction(async (manager) => {
      const tier = await this.tiers.lockForCreation(manager, userId);
      const repository = manager.getRepository(PromptEntity);
      const allowance = this.tiers.promptAllowance(tier, await repository.countBy({ userId }));
      const pro = this.tiers.isPro(tier);
      if (!allowance.canCreate) {
        const message = pro
          ? libraryMessages.proPromptQuota(allowance.max)
          : libraryMessages.freePromptLimit(allowance.max);
        throw serviceError('PROMPT_LIMIT_REACHED', message);
      }
      // Free accounts keep every prompt in General, whatever category was asked for.
      const categoryId = pro
        ? await this.categoryFor(manager, userId, change.categoryId)
        : await this.general(manager, userId);
      const prompt = await repository.save(
        repository.create({ userId, ...input, categoryId, isFavorite: 0, usageCount: 0, version: 1 }),
      );
      await this.announceUpdate(manager, prompt);
      return prompt;
    });
    this.outbox.notify();
    return toPrompt(created);
  }

  /** An edit may move a prompt to any of the user's own categories, on any tier. */
  async update(userId: number, promptId: number, change: PromptFields): Promise<Prompt> {
    const input = validated(change);
    let changed = false;
    const updated = await this.dataSource.transaction(async (manager) => {
      const prompt = await this.findOwned(manager, userId, promptId, true);
      const categoryId = await this.categoryFor(manager, userId, change.categoryId);
      changed =
        prompt.title !== input.title || prompt.content !== input.content || prompt.categoryId !== categoryId;
      if (!changed) return prompt;
      Object.assign(prompt, input, { categoryId, version: prompt.version + 1 });
      const saved = await manager.getRepository(PromptEntity).save(prompt);
      await this.announceUpdate(manager, saved);
      return saved;
    });
    if (changed) this.outbox.notify();
    return toPrompt(updated);
  }

  async delete(userId: number, promptId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ version: number }[], number]>(
        'DELETE FROM "library"."prompts" WHERE "id" = $1 AND "user_id" = $2 RETURNING "version"',
        [promptId, userId],
      );
      if (rows.length === 0) throw serviceError('NOT_FOUND', libraryMessages.promptNotFound);
      // The deletion outranks every update before it.
      await writeOutbox(manager, eventSubjects.promptDeleted, {
        userId,
        promptId,
        version: rows[0].version + 1,
      });
    });
    this.outbox.notify();
  }

  /** One more use, counted in the database so simultaneous copies are all counted. */
  async copy(userId: number, promptId: number): Promise<CopyResult> {
    const [rows] = await this.dataSource.query<[{ usage_count: number }[], number]>(
      `UPDATE "library"."prompts" SET "usage_count" = "usage_count" + 1
       WHERE "id" = $1 AND "user_id" = $2 RETURNING "usage_count"`,
      [promptId, userId],
    );
    if (rows.length === 0) throw serviceError('NOT_FOUND', libraryMessages.promptNotFound);
    return { usageCount: rows[0].usage_count };
  }

  async toggleFavorite(userId: number, promptId: number): Promise<Prompt> {
    const [rows] = await this.dataSource.query<[{ id: number }[], number]>(
      `UPDATE "library"."prompts" SET "is_favorite" = 1 - "is_favorite"
       WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [promptId, userId],
    );
    if (rows.length === 0) throw serviceError('NOT_FOUND', libraryMessages.promptNotFound);
    return this.get(userId, promptId);
  }

  private async findOwned(
    manager: EntityManager,
    userId: number,
    promptId: number,
    lock = false,
  ): Promise<PromptEntity> {
    const prompt = await manager.getRepository(PromptEntity).findOne({
      where: { id: promptId, userId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!prompt) throw serviceError('NOT_FOUND', libraryMessages.promptNotFound);
    return prompt;
  }

  /** No category means General; any other must be one of the user's own. */
  private async categoryFor(
    manager: EntityManager,
    userId: number,
    categoryId: number | null,
  ): Promise<number> {
    if (categoryId === null) return this.general(manager, userId);
    return (await this.categories.findOwned(manager, userId, categoryId)).id;
  }

  private async general(manager: EntityManager, userId: number): Promise<number> {
    return (await this.categories.ensureDefault(userId, manager)).id;
  }

  private async announceUpdate(manager: EntityManager, prompt: PromptEntity): Promise<void> {
    await writeOutbox(manager, eventSubjects.promptUpdated, {
      userId: prompt.userId,
      promptId: prompt.id,
      title: prompt.title,
      content: prompt.content,
      categoryId: prompt.categoryId,
      version: prompt.version,
    });
  }
}

function validated(change: PromptFields): PromptInput {
  const input = normalizePrompt(change);
  const problems = promptProblems(input);
  if (problems) throw serviceError('VALIDATION_FAILED', Object.values(problems)[0], problems);
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
  };
}
