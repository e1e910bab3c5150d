import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, queryPrepared, type PreparedStatement } from '@promptlib/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PROMPT_PAGE_QUERY, type PromptPageRow } from './prompt-page.query';
import { PromptEntity } from './prompt.entity';

const PROMPTS = '"library"."prompts"';

// The statements of the most frequent calls, prepared once per connection (see queryPrepared).
const PROMPT_PAGE: PreparedStatement = { name: 'library-prompt-page', text: PROMPT_PAGE_QUERY };
const INCREMENT_USAGE: PreparedStatement = {
  name: 'library-increment-usage',
  text: `UPDATE ${PROMPTS} SET "usage_count" = "usage_count" + 1
         WHERE "id" = $1 AND "user_id" = $2 RETURNING "usage_count"`,
};
const TOGGLE_FAVORITE: PreparedStatement = {
  name: 'library-toggle-favorite',
  text: `UPDATE ${PROMPTS} SET "is_favorite" = 1 - "is_favorite"
         WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
};

export type NewPrompt = { userId: number; title: string; content: string; categoryId: number };

/**
 * Every read and write of the prompts table. A method that takes a manager runs inside the
 * caller's transaction; the others use a connection of their own.
 */
@Injectable()
export class PromptsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** One page of the user's prompts, newest first, sized by Postgres (see PROMPT_PAGE_QUERY). */
  page(userId: number, before: number | null, byteBudget: number, rows: number): Promise<PromptPageRow[]> {
    return queryPrepared<PromptPageRow>(this.dataSource, PROMPT_PAGE, [userId, before, byteBudget, rows]);
  }

  findOwned(
    userId: number,
    promptId: number,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<PromptEntity | null> {
    return (options.manager ?? this.dataSource.manager).getRepository(PromptEntity).findOne({
      where: { id: promptId, userId },
      ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  count(manager: EntityManager, userId: number): Promise<number> {
    return manager.getRepository(PromptEntity).countBy({ userId });
  }

  insert(manager: EntityManager, prompt: NewPrompt): Promise<PromptEntity> {
    const repository = manager.getRepository(PromptEntity);
    return repository.save(repository.create({ ...prompt, isFavorite: 0, usageCount: 0, version: 1 }));
  }

  save(manager: EntityManager, prompt: PromptEntity): Promise<PromptEntity> {
    return manager.getRepository(PromptEntity).save(prompt);
  }

  /** Deletes the user's prompt and answers the version it had, or null when there was none. */
  async deleteOwned(manager: EntityManager, userId: number, promptId: number): Promise<number | null> {
    // TypeORM answers a DELETE with [rows, count].
    const [rows] = await manager.query<[{ version: number }[], number]>(
      `DELETE FROM ${PROMPTS} WHERE "id" = $1 AND "user_id" = $2 RETURNING "version"`,
      [promptId, userId],
    );
    return rows.length === 0 ? null : rows[0].version;
  }

  /** Deletes every prompt of the user in the category and answers their ids, in ascending order. */
  async deleteInCategory(manager: EntityManager, userId: number, categoryId: number): Promise<number[]> {
    const [rows] = await manager.query<[{ id: number }[], number]>(
      `DELETE FROM ${PROMPTS} WHERE "category_id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [categoryId, userId],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** Counts one more use in the database, so simultaneous copies are all counted; null if not found. */
  async incrementUsage(userId: number, promptId: number): Promise<number | null> {
    const rows = await queryPrepared<{ usage_count: number }>(this.dataSource, INCREMENT_USAGE, [
      promptId,
      userId,
    ]);
    return rows.length === 0 ? null : rows[0].usage_count;
  }

  /** Flips the favourite mark; false when the user has no such prompt. */
  async toggleFavorite(userId: number, promptId: number): Promise<boolean> {
    const rows = await queryPrepared(this.dataSource, TOGGLE_FAVORITE, [promptId, userId]);
    return rows.length > 0;
  }
}
