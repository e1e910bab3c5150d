import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, writeOutboxMany } from '@promptlib/platform';
import {
  eventSubjects,
  type ImportResult,
  type ImportedPrompt,
  type ParsedRequestOf,
  type subjects,
} from '@promptlib/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { CategoriesRepository } from '../categories/categories.repository';
import { CategoriesService } from '../categories/categories.service';
import { TiersService } from '../tiers/tiers.service';
import {
  comparableText,
  duplicateKey,
  importCandidate,
  planImport,
  validCategoryName,
  type ImportCandidate,
  type ImportPlan,
} from './prompt-import-rules';
import { PromptsRepository } from './prompts.repository';
import { promptUpdated } from './prompts.service';

export type ImportPromptsRequest = ParsedRequestOf<typeof subjects.library.promptsImport>;

/**
 * One page of an imported file (see planImport for the rules). A page is one transaction under the
 * user's tier lock, as a create is, so pages, creates and category creates of one user take turns
 * and the limits hold; every prompt it makes is announced exactly as a created one is.
 */
@Injectable()
export class PromptImportService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly prompts: PromptsRepository,
    private readonly categoryRows: CategoriesRepository,
    private readonly categories: CategoriesService,
    private readonly tiers: TiersService,
    private readonly outbox: OutboxRelay,
  ) {}

  async importPage({
    userId,
    categories: requested,
    prompts: items,
  }: ImportPromptsRequest): Promise<ImportResult> {
    const candidates = items.map(importCandidate);
    let imported = 0;
    const result = await this.dataSource.transaction(async (manager) => {
      const tier = await this.tiers.lockForCreation(manager, userId);
      // General counts toward the category limit, so it must exist before counting.
      await this.categories.ensureDefault({ userId }, manager);
      const owned = await this.categoryRows.keyed(manager, userId);
      const keys = await this.categoryRows.keysOf(manager, namesOn(requested, candidates));
      const keyOf = (name: string) => keys.get(name)!;
      const general = owned.find((category) => category.isDefault)!;
      const plan = planImport(requested, candidates, {
        keyOf,
        generalKey: general.key,
        existingCategories: new Set(owned.map((category) => category.key)),
        existingPrompts: await this.possibleDuplicates(
          manager,
          userId,
          owned,
          candidates,
          keyOf,
          general.key,
        ),
        onlyGeneral: !this.tiers.isPro(tier),
        categoryRoom: roomIn(this.tiers.categoryAllowance(tier, owned.length)),
        promptRoom: roomIn(this.tiers.promptAllowance(tier, await this.prompts.count(manager, userId))),
      });
      const categoryIds = new Map(owned.map((category) => [category.key, category.id]));
      await this.createCategories(manager, userId, plan.newCategories, categoryIds);
      const prompts = await this.createPrompts(manager, userId, plan, categoryIds);
      imported = prompts.filter((outcome) => outcome.status === 'imported').length;
      return { categories: plan.categories, prompts };
    });
    if (imported > 0) this.outbox.notify();
    return result;
  }

  /**
   * duplicateKey() of the user's prompts in the categories the page aims at whose title is one of
   * the page's: only those can be duplicates, so a large library's contents are never all read.
   */
  private async possibleDuplicates(
    manager: EntityManager,
    userId: number,
    owned: { id: number; key: string }[],
    candidates: (ImportCandidate | null)[],
    keyOf: (name: string) => string,
    generalKey: string,
  ): Promise<Set<string>> {
    const targetKeys = new Set<string>();
    const titles = new Set<string>();
    for (const candidate of candidates) {
      if (!candidate) continue;
      targetKeys.add(candidate.category === null ? generalKey : keyOf(candidate.category));
      titles.add(comparableText(candidate.title));
    }
    const targets = owned.filter((category) => targetKeys.has(category.key));
    if (targets.length === 0) return new Set();
    const keyById = new Map(targets.map((category) => [category.id, category.key]));
    const sameTitle = (await this.prompts.titlesIn(manager, userId, [...keyById.keys()])).filter((row) =>
      titles.has(comparableText(row.title)),
    );
    if (sameTitle.length === 0) return new Set();
    const contents = await this.prompts.contentsOf(
      manager,
      userId,
      sameTitle.map((row) => row.id),
    );
    const contentById = new Map(contents.map((row) => [row.id, row.content]));
    return new Set(
      sameTitle.map((row) => duplicateKey(keyById.get(row.categoryId)!, row.title, contentById.get(row.id)!)),
    );
  }

  /** The new categories, after the user's own in the page's order; their ids join `categoryIds`. */
  private async createCategories(
    manager: EntityManager,
    userId: number,
    newCategories: ImportPlan['newCategories'],
    categoryIds: Map<string, number>,
  ): Promise<void> {
    if (newCategories.length === 0) return;
    const highest = await this.categoryRows.highestPosition(manager, userId);
    let position = highest === null ? 0 : highest + 1;
    for (const { name, key } of newCategories) {
      const category = await this.categoryRows.insert(manager, userId, name, position);
      position += 1;
      categoryIds.set(key, category.id);
    }
  }

  /** Inserts the planned prompts and writes each one's event; answers every item's outcome. */
  private async createPrompts(
    manager: EntityManager,
    userId: number,
    plan: ImportPlan,
    categoryIds: Map<string, number>,
  ): Promise<ImportedPrompt[]> {
    const planned = plan.prompts.flatMap((prompt) => (prompt.status === 'import' ? [prompt] : []));
    const created = await this.prompts.insertMany(
      manager,
      userId,
      planned.map(({ categoryKey, title, content, isFavorite, usageCount }) => ({
        title,
        content,
        categoryId: categoryIds.get(categoryKey)!,
        isFavorite,
        usageCount,
      })),
    );
    await writeOutboxMany(manager, eventSubjects.promptUpdated, created.map(promptUpdated));
    let next = 0;
    return plan.prompts.map((prompt) =>
      prompt.status === 'import' ? { status: 'imported', id: created[next++].id } : prompt,
    );
  }
}

/** Every valid category name on the page, once. */
function namesOn(requested: string[], candidates: (ImportCandidate | null)[]): string[] {
  const names = new Set<string>();
  for (const raw of requested) {
    const name = validCategoryName(raw);
    if (name !== null) names.add(name);
  }
  for (const candidate of candidates) if (candidate?.category) names.add(candidate.category);
  return [...names];
}

function roomIn(allowance: { used: number; max: number }): number {
  return Math.max(0, allowance.max - allowance.used);
}
