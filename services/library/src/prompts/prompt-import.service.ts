import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from '@promptlib/platform';
import {
  eventSubjects,
  type ImportResult,
  type ImportedPrompt,
  type ParsedRequestOf,
  type subjects,
} from '@promptlib/proto';
import { CategoriesService } from '../categories/categories.service';
import { LIBRARY_DATA, type LibraryData, type LibraryRepositories } from '../library-data';
import { TiersService } from '../tiers/tiers.service';
import {
  comparableText,
  duplicateKey,
  importCandidate,
  planImport,
  targetCategoryKey,
  validCategoryName,
  type ImportCandidate,
  type ImportPlan,
} from './prompt-import-rules';
import { promptUpdated } from './prompt-events';

export type ImportPromptsRequest = ParsedRequestOf<typeof subjects.library.promptsImport>;

/**
 * One page of an imported file (see planImport for the rules). A page is one transaction under the
 * user's tier lock, as a create is, so pages, creates and category creates of one user take turns
 * and the limits hold; every prompt it makes is announced exactly as a created one is.
 */
@Injectable()
export class PromptImportService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    private readonly categories: CategoriesService,
    private readonly tiers: TiersService,
  ) {}

  async importPage({
    userId,
    categories: requested,
    prompts: items,
  }: ImportPromptsRequest): Promise<ImportResult> {
    const candidates = items.map(importCandidate);
    return this.data.transaction(async (tx) => {
      const tier = await tx.tiers.lock(userId);
      // General counts toward the category limit, so it must exist before counting.
      await this.categories.ensureDefault({ userId }, tx);
      const owned = await tx.categories.keyed(userId);
      const keys = await tx.categories.keysOf(namesOn(requested, candidates));
      const keyOf = (name: string) => keys.get(name)!;
      const target = {
        keyOf,
        generalKey: owned.find((category) => category.isDefault)!.key,
        onlyGeneral: !this.tiers.isPro(tier),
      };
      const plan = planImport(requested, candidates, {
        ...target,
        existingCategories: new Set(owned.map((category) => category.key)),
        existingPrompts: await possibleDuplicates(tx, userId, owned, candidates, target),
        categoryRoom: roomIn(this.tiers.categoryAllowance(tier, owned.length)),
        promptRoom: roomIn(this.tiers.promptAllowance(tier, await tx.prompts.count(userId))),
      });
      const categoryIds = new Map(owned.map((category) => [category.key, category.id]));
      await createCategories(tx, userId, plan.newCategories, categoryIds);
      const prompts = await createPrompts(tx, userId, plan, categoryIds);
      return { categories: plan.categories, prompts };
    });
  }
}

/**
 * duplicateKey() of the user's prompts in the categories the page aims at whose title is one of
 * the page's: only those can be duplicates, so a large library's contents are never all read.
 */
async function possibleDuplicates(
  tx: LibraryRepositories,
  userId: number,
  owned: { id: number; key: string }[],
  candidates: (ImportCandidate | null)[],
  target: Parameters<typeof targetCategoryKey>[1],
): Promise<Set<string>> {
  const targetKeys = new Set<string>();
  const titles = new Set<string>();
  for (const candidate of candidates) {
    if (!candidate) continue;
    targetKeys.add(targetCategoryKey(candidate.category, target));
    titles.add(comparableText(candidate.title));
  }
  const targets = owned.filter((category) => targetKeys.has(category.key));
  if (targets.length === 0) return new Set();
  const keyById = new Map(targets.map((category) => [category.id, category.key]));
  const sameTitle = (await tx.prompts.titlesIn(userId, [...keyById.keys()])).filter((row) =>
    titles.has(comparableText(row.title)),
  );
  if (sameTitle.length === 0) return new Set();
  const contents = await tx.prompts.contentsOf(
    userId,
    sameTitle.map((row) => row.id),
  );
  const contentById = new Map(contents.map((row) => [row.id, row.content]));
  return new Set(
    sameTitle.map((row) => duplicateKey(keyById.get(row.categoryId)!, row.title, contentById.get(row.id)!)),
  );
}

/** The new categories, after the user's own in the page's order; their ids join `categoryIds`. */
async function createCategories(
  tx: LibraryRepositories,
  userId: number,
  newCategories: ImportPlan['newCategories'],
  categoryIds: Map<string, number>,
): Promise<void> {
  if (newCategories.length === 0) return;
  const highest = await tx.categories.highestPosition(userId);
  let position = highest === null ? 0 : highest + 1;
  for (const { name, key } of newCategories) {
    const category = await tx.categories.insert(userId, name, position);
    position += 1;
    categoryIds.set(key, category.id);
  }
}

/** Inserts the planned prompts and writes each one's event; answers every item's outcome. */
async function createPrompts(
  tx: Transaction<LibraryRepositories>,
  userId: number,
  plan: ImportPlan,
  categoryIds: Map<string, number>,
): Promise<ImportedPrompt[]> {
  const planned = plan.prompts.flatMap((prompt) => (prompt.status === 'import' ? [prompt] : []));
  const created = await tx.prompts.insertMany(
    userId,
    planned.map(({ categoryKey, title, content, isFavorite, usageCount }) => ({
      title,
      content,
      categoryId: categoryIds.get(categoryKey)!,
      isFavorite,
      usageCount,
    })),
  );
  await tx.outbox.addMany(eventSubjects.promptUpdated, created.map(promptUpdated));
  let next = 0;
  return plan.prompts.map((prompt) =>
    prompt.status === 'import' ? { status: 'imported', id: created[next++].id } : prompt,
  );
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
