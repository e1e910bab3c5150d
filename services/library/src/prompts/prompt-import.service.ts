import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from '@promptlib/platform/service';
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
import { importedHistory, importedVersions } from '../versions/version-rules';
import { tagKey } from '../tags/tag-rules';

export type ImportPromptsRequest = ParsedRequestOf<typeof subjects.library.promptsImport>;

/**
 * One page of an imported file (see planImport for the rules). A page is one transaction under the
 * user's tier lock, as a create is, so pages, creates and category creates of one user take turns
 * and the limits hold; every prompt it makes is announced exactly as a created one is. A prompt
 * keeps the dates and history the file gives it (see importedHistory); a history too long for one
 * page comes in later pages' `history` for the prompt's new id.
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
    history,
  }: ImportPromptsRequest): Promise<ImportResult> {
    const now = new Date();
    const candidates = items.map((item) => importCandidate(item, now));
    return this.data.transaction(async (tx) => {
      const tier = await tx.tiers.lock(userId);
      // General counts toward the category limit, so it must exist before counting.
      await this.categories.ensureDefault({ userId }, tx);
      const owned = await tx.categories.keyed(userId);
      const keys = await tx.categories.keysOf(namesOn(requested, candidates, history));
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
      // A version names its category; one the user does not have (or a name no category could
      // have) leaves the version without one.
      const categoryIdOf = (name: string | null) => {
        const valid = name === null ? null : validCategoryName(name);
        return valid === null ? null : (categoryIds.get(keyOf(valid)) ?? null);
      };
      const histories = { categoryIdOf, keep: this.tiers.versionsKept(tier), now };
      const prompts = await createPrompts(tx, userId, plan, categoryIds, histories);
      return {
        categories: plan.categories,
        prompts,
        history: await addHistory(tx, userId, history, histories),
      };
    });
  }
}

/** How the versions of an import page are stored. */
type Histories = {
  categoryIdOf: (name: string | null) => number | null;
  /** The plan's number of versions kept per prompt. */
  keep: number;
  now: Date;
};

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

/**
 * Inserts the planned prompts with their dates and history and writes each one's event; answers
 * every item's outcome.
 */
async function createPrompts(
  tx: Transaction<LibraryRepositories>,
  userId: number,
  plan: ImportPlan,
  categoryIds: Map<string, number>,
  { categoryIdOf, keep, now }: Histories,
): Promise<ImportedPrompt[]> {
  const planned = plan.prompts.flatMap((prompt) => (prompt.status === 'import' ? [prompt] : []));
  const spelling = await tagSpellings(
    tx,
    userId,
    planned.flatMap((prompt) => prompt.tags),
  );
  const created = await tx.prompts.insertMany(
    userId,
    planned.map(({ categoryKey, title, content, isFavorite, usageCount, createdAt, updatedAt, tags }) => ({
      tags: tags.map((tag) => spelling.get(tagKey(tag)) ?? tag),
      title,
      content,
      categoryId: categoryIds.get(categoryKey)!,
      isFavorite,
      usageCount,
      createdAt,
      updatedAt,
    })),
  );
  await tx.outbox.addMany(eventSubjects.promptUpdated, created.map(promptUpdated));
  await tx.versions.addGiven(
    userId,
    created.flatMap((prompt, index) =>
      importedHistory(
        { ...prompt, categoryId: prompt.categoryId!, updatedAt: planned[index]!.updatedAt },
        planned[index]!.versions,
        planned[index]!.currentVersion,
        categoryIdOf,
        keep,
        now,
      ).map((version) => ({ ...version, promptId: prompt.id })),
    ),
  );
  let next = 0;
  return plan.prompts.map((prompt) =>
    prompt.status === 'import' ? { status: 'imported', id: created[next++].id } : prompt,
  );
}

/**
 * More versions of prompts earlier pages imported, numbered as given (a number the prompt has is
 * passed over, so a page sent again adds nothing); then each prompt keeps the plan's newest.
 */
async function addHistory(
  tx: LibraryRepositories,
  userId: number,
  history: ImportPromptsRequest['history'],
  { categoryIdOf, keep, now }: Histories,
): Promise<ImportResult['history']> {
  if (history.length === 0) return [];
  const owned = new Set(
    await tx.prompts.ownedIds(
      userId,
      history.map((entry) => entry.promptId),
    ),
  );
  const added = await tx.versions.addGiven(
    userId,
    history.flatMap(({ promptId, versions }) =>
      owned.has(promptId)
        ? importedVersions(versions, categoryIdOf, now, false).map((version) => ({ ...version, promptId }))
        : [],
    ),
  );
  await tx.versions.prune(userId, [...owned], keep);
  return history.map(({ promptId }) => ({
    promptId,
    added: added.filter((version) => version.promptId === promptId).length,
  }));
}

/**
 * The user's spelling of each tag of the page's prompts, by tagKey; a tag new to the user is
 * recorded in the spelling its first prompt on the page gives it.
 */
async function tagSpellings(
  tx: LibraryRepositories,
  userId: number,
  tags: string[],
): Promise<Map<string, string>> {
  const first = new Map<string, string>();
  for (const tag of tags) if (!first.has(tagKey(tag))) first.set(tagKey(tag), tag);
  const given = [...first.values()];
  const spelt = await tx.tags.spellings(userId, given);
  return new Map(given.map((tag, index) => [tagKey(tag), spelt[index]!]));
}

/** Every valid category name on the page (its prompts' histories included), once. */
function namesOn(
  requested: string[],
  candidates: (ImportCandidate | null)[],
  history: ImportPromptsRequest['history'],
): string[] {
  const names = new Set<string>();
  const add = (raw: string | null) => {
    const name = raw === null ? null : validCategoryName(raw);
    if (name !== null) names.add(name);
  };
  requested.forEach(add);
  for (const candidate of candidates) {
    if (candidate?.category) names.add(candidate.category);
    candidate?.versions.forEach((version) => add(version.category));
  }
  for (const entry of history) entry.versions.forEach((version) => add(version.category));
  return [...names];
}

function roomIn(allowance: { used: number; max: number }): number {
  return Math.max(0, allowance.max - allowance.used);
}
