import { uniqueViolation } from '@promptlib/platform/service';
import { InMemoryUnitOfWork, rememberDeletedUser } from '@promptlib/platform/testing/services';
import {
  GENERAL_CATEGORY_NAME,
  PROMPT_PREVIEW_CHARS,
  type HistoryCursor,
  type PromptVersionSource,
  type TagSummary,
  type TierChanged,
} from '@promptlib/proto';
import type { CategoryRow, KeyedCategory } from '../../src/categories/categories.repository';
import type { CategoryEntity } from '../../src/categories/category.entity';
import { CategoriesService } from '../../src/categories/categories.service';
import type { LibraryConfig } from '../../src/config/library-config';
import type { LibraryRepositories } from '../../src/library-data';
import type { CardQuery, CardRow, CategoryCountRow, TitleRow } from '../../src/prompts/prompt-cards.query';
import { keyOf, type CardKey } from '../../src/prompts/prompt-cursor';
import type { PromptPageRow } from '../../src/prompts/prompt-page.query';
import type { PromptEntity } from '../../src/prompts/prompt.entity';
import { PromptBatchesService } from '../../src/prompts/prompt-batches.service';
import { PromptImportService } from '../../src/prompts/prompt-import.service';
import { PromptsService } from '../../src/prompts/prompts.service';
import { VersionsService } from '../../src/versions/versions.service';
import type {
  AnnouncedPrompt,
  NewPrompt,
  PromptMarks,
  RestoredPrompt,
} from '../../src/prompts/prompts.repository';
import type { TierState } from '../../src/tiers/tiers.repository';
import { TiersService } from '../../src/tiers/tiers.service';
import type { UserTierEntity } from '../../src/tiers/user-tier.entity';
import type { TaggedPrompt } from '../../src/tags/tags.repository';
import { TagsService } from '../../src/tags/tags.service';
import type {
  GivenVersion,
  HistoryRow,
  NewVersion,
  SizedRow,
  VersionRow,
} from '../../src/versions/prompt-versions.repository';

/** The library's rows, as the in-memory repositories keep them. */
/** A deleted prompt waiting for a restore: the row as it left, at the deletion's version. */
export type DeletedPromptRow = PromptEntity & { deletedAt: Date };

/** A version as the in-memory history keeps it. */
export type VersionTableRow = GivenVersion & { userId: number };

export type LibraryTables = {
  /** Each user's spelling of each tag, by user and lower-cased key. */
  tagSpellings: { userId: number; key: string; name: string }[];
  prompts: PromptEntity[];
  deletedPrompts: DeletedPromptRow[];
  versions: VersionTableRow[];
  categories: CategoryEntity[];
  tiers: UserTierEntity[];
  /** Deleted accounts, by user id, with when they were deleted. */
  deletedUsers: Map<number, Date>;
  lastId: number;
};

export const testLibraryConfig = {
  FREE_PROMPT_LIMIT: 5,
  FREE_CATEGORY_LIMIT: 1,
  PRO_MAX_PROMPTS: 50_000,
  PRO_MAX_CATEGORIES: 500,
  DELETED_PROMPT_RESTORE_SECONDS: 600,
  FREE_VERSIONS_KEPT: 20,
  PRO_VERSIONS_KEPT: 1_000,
} as LibraryConfig;

type Prompts = LibraryRepositories['prompts'];
type Categories = LibraryRepositories['categories'];
type Tiers = LibraryRepositories['tiers'];
type Versions = LibraryRepositories['versions'];
type Tags = LibraryRepositories['tags'];
type Accounts = LibraryRepositories['accounts'];

class InMemoryAccounts implements Accounts {
  constructor(private readonly tables: LibraryTables) {}

  // One transaction at a time holds the in-memory tables: there is nothing to serialise.
  async lockUser(): Promise<void> {}

  async erase(userId: number): Promise<Record<string, number>> {
    rememberDeletedUser(this.tables.deletedUsers, userId);
    const count = (before: number, after: number) => before - after;
    const t = this.tables;
    const deleted: Record<string, number> = {};
    const drop = <Row extends { userId: number }>(name: string, rows: Row[]): Row[] => {
      const kept = rows.filter((row) => row.userId !== userId);
      deleted[name] = count(rows.length, kept.length);
      return kept;
    };
    t.versions = drop('prompt_versions', t.versions);
    t.deletedPrompts = drop('deleted_prompts', t.deletedPrompts);
    t.prompts = drop('prompts', t.prompts);
    t.tagSpellings = drop('tags', t.tagSpellings);
    t.categories = drop('categories', t.categories);
    t.tiers = drop('user_tiers', t.tiers);
    return deleted;
  }

  async isErased(userId: number): Promise<boolean> {
    return this.tables.deletedUsers.has(userId);
  }
}

class InMemoryPrompts implements Prompts {
  constructor(private readonly tables: LibraryTables) {}

  private owned(userId: number): PromptEntity[] {
    return this.tables.prompts.filter((prompt) => prompt.userId === userId);
  }

  async page(
    userId: number,
    before: number | null,
    byteBudget: number,
    rows: number,
  ): Promise<PromptPageRow[]> {
    const recent = this.newestBelow(userId, before, rows);
    const page: PromptPageRow[] = [];
    let bytes = 0;
    for (const prompt of recent) {
      if (bytes >= byteBudget) break;
      bytes += Buffer.byteLength(prompt.title) + Buffer.byteLength(prompt.content);
      const { id, title, content, categoryId, isFavorite, usageCount, tags } = prompt;
      page.push({
        id,
        title,
        content,
        categoryId,
        isFavorite,
        usageCount,
        tags,
        createdAt: prompt.createdAt.toISOString(),
        updatedAt: prompt.updatedAt.toISOString(),
        candidates: recent.length,
      });
    }
    return page;
  }

  /** The cards SQL would answer: the same filter, search, order and keyset, in plain code. */
  async cards(query: CardQuery): Promise<CardRow[]> {
    return pageOf(this.listed(query), query);
  }

  async searchMatches(query: CardQuery, cap: number): Promise<number[]> {
    return this.listed(query)
      .slice(0, cap)
      .map((prompt) => prompt.id);
  }

  /** The page SQL would answer among these prompts: their order and keyset, no other filter. */
  async cardsAmong(query: CardQuery, ids: number[]): Promise<CardRow[]> {
    const among = new Set(ids);
    return pageOf(
      this.owned(query.userId).filter((prompt) => among.has(prompt.id)),
      query,
    );
  }

  async countCards(query: CardQuery, cap: number): Promise<number> {
    return Math.min(this.listed(query).length, cap);
  }

  async titles(userId: number, before: number | null, byteBudget: number, rows: number): Promise<TitleRow[]> {
    const recent = this.newestBelow(userId, before, rows);
    const page: TitleRow[] = [];
    let bytes = 0;
    for (const prompt of recent) {
      if (bytes >= byteBudget) break;
      bytes += Buffer.byteLength(prompt.title) + 40;
      const { id, title, categoryId, usageCount } = prompt;
      page.push({ id, title, categoryId, usageCount, candidates: recent.length });
    }
    return page;
  }

  async countsByCategory(userId: number): Promise<CategoryCountRow[]> {
    const rows = new Map<number | null, CategoryCountRow>();
    for (const prompt of this.owned(userId)) {
      const row = rows.get(prompt.categoryId) ?? { categoryId: prompt.categoryId, count: 0, favorites: 0 };
      row.count += 1;
      row.favorites += prompt.isFavorite;
      rows.set(prompt.categoryId, row);
    }
    return [...rows.values()];
  }

  /** The user's newest `rows` prompts below an id cursor, as a page query considers them. */
  private newestBelow(userId: number, before: number | null, rows: number): PromptEntity[] {
    return this.owned(userId)
      .filter((prompt) => before === null || prompt.id < before)
      .sort((a, b) => b.id - a.id)
      .slice(0, rows);
  }

  private listed(query: CardQuery): PromptEntity[] {
    const needle = query.needle.toLowerCase();
    return this.owned(query.userId).filter(
      (prompt) =>
        (!query.favoritesOnly || prompt.isFavorite === 1) &&
        (query.categoryId === null || prompt.categoryId === query.categoryId) &&
        (query.tag === null || prompt.tags.includes(query.tag)) &&
        (needle === '' ||
          prompt.title.toLowerCase().includes(needle) ||
          prompt.content.toLowerCase().includes(needle) ||
          prompt.tags.some((tag) => tag.toLowerCase().includes(needle))),
    );
  }

  private row(userId: number, promptId: number): PromptEntity | undefined {
    return this.owned(userId).find((prompt) => prompt.id === promptId);
  }

  async findOwned(userId: number, promptId: number): Promise<PromptEntity | null> {
    const prompt = this.row(userId, promptId);
    return prompt ? { ...prompt } : null;
  }

  lockOwned(userId: number, promptId: number): Promise<PromptEntity | null> {
    return this.findOwned(userId, promptId);
  }

  async count(userId: number): Promise<number> {
    return this.owned(userId).length;
  }

  async insert(prompt: NewPrompt): Promise<PromptEntity> {
    const now = new Date();
    const row: PromptEntity = {
      ...prompt,
      id: ++this.tables.lastId,
      isFavorite: 0,
      usageCount: 0,
      lastUsedAt: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    this.tables.prompts.push(row);
    return { ...row };
  }

  async insertMany(userId: number, prompts: RestoredPrompt[]): Promise<AnnouncedPrompt[]> {
    const now = new Date();
    const rows = prompts.map(
      ({ isFavorite, usageCount, createdAt, updatedAt, tags, ...prompt }): PromptEntity => ({
        ...prompt,
        tags: tags ?? [],
        userId,
        id: ++this.tables.lastId,
        isFavorite: isFavorite ? 1 : 0,
        usageCount,
        lastUsedAt: null,
        version: 1,
        createdAt: createdAt ?? now,
        updatedAt: updatedAt ?? now,
      }),
    );
    this.tables.prompts.push(...rows);
    return rows.map(({ id, title, content, categoryId, version }) => ({
      id,
      userId,
      title,
      content,
      categoryId,
      version,
    }));
  }

  async titlesIn(
    userId: number,
    categoryIds: number[],
  ): Promise<{ id: number; categoryId: number; title: string }[]> {
    return this.owned(userId)
      .filter((prompt) => prompt.categoryId !== null && categoryIds.includes(prompt.categoryId))
      .map(({ id, categoryId, title }) => ({ id, categoryId: categoryId!, title }));
  }

  async ownedIds(userId: number, promptIds: number[]): Promise<number[]> {
    return this.owned(userId)
      .filter((prompt) => promptIds.includes(prompt.id))
      .map((prompt) => prompt.id);
  }

  async contentsOf(userId: number, promptIds: number[]): Promise<{ id: number; content: string }[]> {
    return this.owned(userId)
      .filter((prompt) => promptIds.includes(prompt.id))
      .map(({ id, content }) => ({ id, content }));
  }

  async save(prompt: PromptEntity): Promise<PromptEntity> {
    const index = this.tables.prompts.findIndex((row) => row.id === prompt.id);
    const saved = { ...prompt, updatedAt: new Date() };
    this.tables.prompts[index] = saved;
    return { ...saved };
  }

  async moveToDeleted(userId: number, promptIds: number[]): Promise<{ id: number; version: number }[]> {
    const gone = this.owned(userId).filter((prompt) => promptIds.includes(prompt.id));
    this.tables.prompts = this.tables.prompts.filter((row) => !gone.includes(row));
    const deletedAt = new Date();
    this.tables.deletedPrompts.push(
      ...gone.map((prompt) => ({ ...prompt, version: prompt.version + 1, deletedAt })),
    );
    return gone.map((prompt) => ({ id: prompt.id, version: prompt.version + 1 })).sort((a, b) => a.id - b.id);
  }

  private restorable(userId: number, promptIds: number[], windowSeconds: number): DeletedPromptRow[] {
    const since = Date.now() - windowSeconds * 1000;
    return this.tables.deletedPrompts.filter(
      (row) => row.userId === userId && promptIds.includes(row.id) && row.deletedAt.getTime() > since,
    );
  }

  async countRestorable(userId: number, promptIds: number[], windowSeconds: number): Promise<number> {
    return this.restorable(userId, promptIds, windowSeconds).length;
  }

  async restore(userId: number, promptIds: number[], windowSeconds: number): Promise<AnnouncedPrompt[]> {
    const back = this.restorable(userId, promptIds, windowSeconds);
    this.tables.deletedPrompts = this.tables.deletedPrompts.filter((row) => !back.includes(row));
    const rows = back.map(({ deletedAt: _deletedAt, ...prompt }) => ({
      ...prompt,
      version: prompt.version + 1,
    }));
    this.tables.prompts.push(...rows);
    return rows.map(announced).sort((a, b) => a.id - b.id);
  }

  async purgeDeleted(windowSeconds: number, limit: number): Promise<number> {
    const until = Date.now() - windowSeconds * 1000;
    const due = this.tables.deletedPrompts
      .filter((row) => row.deletedAt.getTime() <= until)
      .sort((a, b) => a.deletedAt.getTime() - b.deletedAt.getTime())
      .slice(0, limit);
    this.tables.deletedPrompts = this.tables.deletedPrompts.filter((row) => !due.includes(row));
    this.tables.versions = this.tables.versions.filter(
      (version) => !due.some((row) => row.userId === version.userId && row.id === version.promptId),
    );
    return due.length;
  }

  async moveToCategory(userId: number, promptIds: number[], categoryId: number): Promise<AnnouncedPrompt[]> {
    const moved = this.owned(userId).filter(
      (prompt) => promptIds.includes(prompt.id) && prompt.categoryId !== categoryId,
    );
    for (const prompt of moved) {
      Object.assign(prompt, { categoryId, version: prompt.version + 1, updatedAt: new Date() });
    }
    return moved.map(announced).sort((a, b) => a.id - b.id);
  }

  async idsInCategory(userId: number, promptIds: number[], categoryId: number): Promise<number[]> {
    return this.owned(userId)
      .filter((prompt) => promptIds.includes(prompt.id) && prompt.categoryId === categoryId)
      .map((prompt) => prompt.id)
      .sort((a, b) => a - b);
  }

  async deleteInCategory(userId: number, categoryId: number): Promise<number[]> {
    const inCategory = (row: PromptEntity) => row.userId === userId && row.categoryId === categoryId;
    const gone = [
      ...this.tables.prompts.filter(inCategory),
      ...this.tables.deletedPrompts.filter(inCategory),
    ];
    this.tables.prompts = this.tables.prompts.filter((row) => !inCategory(row));
    this.tables.deletedPrompts = this.tables.deletedPrompts.filter((row) => !inCategory(row));
    return gone.map((prompt) => prompt.id).sort((a, b) => a - b);
  }

  async addUses(userId: number, promptId: number, uses: number): Promise<number | null> {
    const prompt = this.row(userId, promptId);
    if (!prompt) return null;
    prompt.usageCount += uses;
    prompt.lastUsedAt = useTime();
    return prompt.usageCount;
  }

  async toggleFavorite(userId: number, promptId: number): Promise<PromptMarks | null> {
    const prompt = this.row(userId, promptId);
    if (!prompt) return null;
    prompt.isFavorite = prompt.isFavorite === 1 ? 0 : 1;
    return { isFavorite: prompt.isFavorite, tags: [...prompt.tags] };
  }
}

class InMemoryCategories implements Categories {
  constructor(private readonly tables: LibraryTables) {}

  private owned(userId: number): CategoryEntity[] {
    return this.tables.categories.filter((category) => category.userId === userId);
  }

  async insertGeneralIfMissing(userId: number): Promise<void> {
    if (this.owned(userId).some((category) => category.isDefault)) return;
    this.tables.categories.push({
      id: ++this.tables.lastId,
      userId,
      name: GENERAL_CATEGORY_NAME,
      position: 0,
      isDefault: true,
      createdAt: new Date(),
    });
  }

  async findGeneral(userId: number): Promise<CategoryEntity> {
    const general = this.owned(userId).find((category) => category.isDefault);
    if (!general) throw new Error(`No General category for user ${userId}`);
    return { ...general };
  }

  async listInOrder(userId: number): Promise<CategoryRow[]> {
    return this.owned(userId)
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.position - b.position || a.id - b.id)
      .map(({ id, name, position }) => ({ id, name, position }));
  }

  async count(userId: number): Promise<number> {
    return this.owned(userId).length;
  }

  async highestPosition(userId: number): Promise<number | null> {
    const positions = this.owned(userId)
      .filter((category) => !category.isDefault)
      .map((category) => category.position);
    return positions.length === 0 ? null : Math.max(...positions);
  }

  async insert(userId: number, name: string, position: number): Promise<CategoryEntity> {
    // The unique index on (user_id, lower(name)).
    if (this.owned(userId).some((category) => category.name.toLowerCase() === name.toLowerCase())) {
      throw uniqueViolation('categories_user_id_lower_name');
    }
    const row: CategoryEntity = {
      id: ++this.tables.lastId,
      userId,
      name,
      position,
      isDefault: false,
      createdAt: new Date(),
    };
    this.tables.categories.push(row);
    return { ...row };
  }

  async keyed(userId: number): Promise<KeyedCategory[]> {
    return this.owned(userId).map(({ id, isDefault, name }) => ({ id, isDefault, key: name.toLowerCase() }));
  }

  async keysOf(names: string[]): Promise<Map<string, string>> {
    return new Map(names.map((name) => [name, name.toLowerCase()]));
  }

  async findOwned(userId: number, categoryId: number): Promise<CategoryEntity | null> {
    const category = this.owned(userId).find((row) => row.id === categoryId);
    return category ? { ...category } : null;
  }

  lockOwned(userId: number, categoryId: number): Promise<CategoryEntity | null> {
    return this.findOwned(userId, categoryId);
  }

  async lockOwnedMany(userId: number, ids: number[]): Promise<CategoryEntity[]> {
    return this.owned(userId)
      .filter((category) => ids.includes(category.id))
      .map((category) => ({ ...category }));
  }

  async rename(userId: number, categoryId: number, name: string): Promise<CategoryRow> {
    // The unique index on (user_id, lower(name)).
    const others = this.owned(userId).filter((category) => category.id !== categoryId);
    if (others.some((category) => category.name.toLowerCase() === name.toLowerCase())) {
      throw uniqueViolation('categories_user_id_lower_name');
    }
    const category = this.owned(userId).find((row) => row.id === categoryId)!;
    category.name = name;
    return { id: category.id, name, position: category.position };
  }

  async delete(userId: number, categoryId: number): Promise<void> {
    this.tables.categories = this.tables.categories.filter(
      (category) => !(category.userId === userId && category.id === categoryId),
    );
    // As the versions' key into categories does (ON DELETE SET NULL).
    for (const version of this.tables.versions)
      if (version.categoryId === categoryId) version.categoryId = null;
  }

  async setPositions(userId: number, ids: number[], positions: number[]): Promise<void> {
    ids.forEach((id, index) => {
      const category = this.owned(userId).find((row) => row.id === id);
      if (category) category.position = positions[index];
    });
  }
}

class InMemoryTiers implements Tiers {
  constructor(private readonly tables: LibraryTables) {}

  async lock(userId: number): Promise<UserTierEntity> {
    let tier = this.tables.tiers.find((row) => row.userId === userId);
    if (!tier) {
      tier = { userId, isPro: false, isCancelled: false, endsAt: null, version: 0, updatedAt: new Date() };
      this.tables.tiers.push(tier);
    }
    return { ...tier };
  }

  async find(userId: number): Promise<UserTierEntity | null> {
    const tier = this.tables.tiers.find((row) => row.userId === userId);
    return tier ? { ...tier } : null;
  }

  async state(userId: number): Promise<TierState | null> {
    const tier = await this.find(userId);
    return tier && { isPro: tier.isPro, isCancelled: tier.isCancelled, endsAt: tier.endsAt };
  }

  async tierAndUsage(
    userId: number,
  ): Promise<{ tier: TierState | null; prompts: number; categories: number }> {
    return {
      tier: await this.state(userId),
      prompts: this.tables.prompts.filter((prompt) => prompt.userId === userId).length,
      categories: this.tables.categories.filter((category) => category.userId === userId).length,
    };
  }

  async applyIfNewer(event: TierChanged): Promise<boolean> {
    const tier = this.tables.tiers.find((row) => row.userId === event.userId);
    if (tier && tier.version >= event.version) return false;
    const row: UserTierEntity = {
      userId: event.userId,
      isPro: event.isPro,
      isCancelled: event.isCancelled,
      endsAt: event.endsAt === null ? null : new Date(event.endsAt),
      version: event.version,
      updatedAt: new Date(),
    };
    this.tables.tiers = [...this.tables.tiers.filter((other) => other !== tier), row];
    return true;
  }
}

class InMemoryVersions implements Versions {
  constructor(private readonly tables: LibraryTables) {}

  private of(userId: number, promptId: number): VersionTableRow[] {
    return this.tables.versions
      .filter((row) => row.userId === userId && row.promptId === promptId)
      .sort((a, b) => a.version - b.version);
  }

  async add(userId: number, versions: NewVersion[], source: PromptVersionSource): Promise<void> {
    for (const version of versions) {
      const number = (this.of(userId, version.promptId).at(-1)?.version ?? 0) + 1;
      this.tables.versions.push({ ...version, userId, version: number, createdAt: new Date(), source });
    }
  }

  async addGiven(userId: number, versions: GivenVersion[]): Promise<{ promptId: number; version: number }[]> {
    const added: { promptId: number; version: number }[] = [];
    for (const version of versions) {
      if (this.of(userId, version.promptId).some((row) => row.version === version.version)) continue;
      this.tables.versions.push({ ...version, userId });
      added.push({ promptId: version.promptId, version: version.version });
    }
    return added;
  }

  async prune(userId: number, promptIds: number[], keep: number): Promise<void> {
    const pruned = promptIds.flatMap((promptId) => this.of(userId, promptId).slice(0, -keep));
    this.tables.versions = this.tables.versions.filter((row) => !pruned.includes(row));
  }

  async page(
    userId: number,
    promptId: number,
    before: number | null,
    byteBudget: number,
    rows: number,
  ): Promise<SizedRow<VersionRow>[]> {
    const considered = this.of(userId, promptId)
      .filter((row) => before === null || row.version < before)
      .reverse()
      .slice(0, rows);
    return withinBudget(considered, byteBudget).map((row) => ({
      ...versionRow(row),
      candidates: considered.length,
    }));
  }

  async find(userId: number, promptId: number, version: number): Promise<VersionRow | null> {
    const row = this.of(userId, promptId).find((candidate) => candidate.version === version);
    return row ? versionRow(row) : null;
  }

  async newest(userId: number, promptIds: number[]): Promise<(VersionRow & { promptId: number })[]> {
    return promptIds.flatMap((promptId) => {
      const row = this.of(userId, promptId).at(-1);
      return row ? [{ ...versionRow(row), promptId }] : [];
    });
  }

  async history(
    userId: number,
    after: HistoryCursor | null,
    byteBudget: number,
    rows: number,
  ): Promise<SizedRow<HistoryRow>[]> {
    const live = new Set(this.tables.prompts.filter((row) => row.userId === userId).map((row) => row.id));
    const considered = this.tables.versions
      .filter((row) => row.userId === userId && live.has(row.promptId))
      .sort((a, b) => a.promptId - b.promptId || a.version - b.version)
      .filter(
        (row) =>
          after === null ||
          row.promptId > after.promptId ||
          (row.promptId === after.promptId && row.version > after.version),
      )
      .slice(0, rows);
    return withinBudget(considered, byteBudget).map((row) => ({
      ...versionRow(row),
      promptId: row.promptId,
      candidates: considered.length,
    }));
  }

  async deleteOf(prompts: { userId: number; id: number }[]): Promise<void> {
    this.tables.versions = this.tables.versions.filter(
      (version) => !prompts.some((gone) => gone.userId === version.userId && gone.id === version.promptId),
    );
  }
}

/** The rows that start within the budget, sized as the SQL sizes them (the overhead aside). */
function withinBudget(rows: VersionTableRow[], byteBudget: number): VersionTableRow[] {
  let bytes = 0;
  return rows.filter((row) => {
    const starts = bytes < byteBudget;
    bytes += Buffer.byteLength(row.title) + Buffer.byteLength(row.content);
    return starts;
  });
}

class InMemoryTags implements Tags {
  constructor(private readonly tables: LibraryTables) {}

  private spelling(userId: number, name: string): string | null {
    const key = name.toLowerCase();
    return this.tables.tagSpellings.find((row) => row.userId === userId && row.key === key)?.name ?? null;
  }

  async spellings(userId: number, tags: string[]): Promise<string[]> {
    return tags.map((tag) => {
      const known = this.spelling(userId, tag);
      if (known !== null) return known;
      this.tables.tagSpellings.push({ userId, key: tag.toLowerCase(), name: tag });
      return tag;
    });
  }

  async find(userId: number, name: string): Promise<string | null> {
    return this.spelling(userId, name);
  }

  async summaries(userId: number): Promise<TagSummary[]> {
    const counts = new Map<string, TagSummary>();
    for (const prompt of this.tables.prompts.filter((row) => row.userId === userId)) {
      for (const tag of prompt.tags) {
        const summary = counts.get(tag.toLowerCase()) ?? { name: tag, count: 0 };
        summary.count += 1;
        counts.set(tag.toLowerCase(), summary);
      }
    }
    return [...counts.values()].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
  }

  async lockTagged(userId: number, name: string): Promise<{ live: TaggedPrompt[]; waiting: TaggedPrompt[] }> {
    const tagged = (rows: PromptEntity[]) =>
      rows
        .filter((row) => row.userId === userId && row.tags.includes(name))
        .map((row) => ({ id: row.id, tags: [...row.tags] }));
    return { live: tagged(this.tables.prompts), waiting: tagged(this.tables.deletedPrompts) };
  }

  async setTags(userId: number, live: TaggedPrompt[], waiting: TaggedPrompt[]): Promise<void> {
    for (const [rows, changed] of [
      [this.tables.prompts, live],
      [this.tables.deletedPrompts, waiting],
    ] as const) {
      for (const { id, tags } of changed) {
        const row = rows.find((candidate) => candidate.userId === userId && candidate.id === id);
        if (row) row.tags = tags;
      }
    }
  }

  async rename(userId: number, from: string, to: string): Promise<void> {
    const keys = [from.toLowerCase(), to.toLowerCase()];
    this.tables.tagSpellings = this.tables.tagSpellings.filter(
      (row) => !(row.userId === userId && keys.includes(row.key)),
    );
    this.tables.tagSpellings.push({ userId, key: to.toLowerCase(), name: to });
  }

  async delete(userId: number, name: string): Promise<void> {
    this.tables.tagSpellings = this.tables.tagSpellings.filter(
      (row) => !(row.userId === userId && row.key === name.toLowerCase()),
    );
  }
}

function versionRow(row: VersionTableRow): VersionRow {
  const { version, title, content, categoryId, createdAt, source } = row;
  return { version, title, content, categoryId, createdAt: createdAt.toISOString(), source };
}

export type InMemoryLibrary = InMemoryUnitOfWork<LibraryRepositories, LibraryTables>;

/** The library's unit of work over empty in-memory tables, for the rules' unit specs. */
export function inMemoryLibrary(): InMemoryLibrary {
  return new InMemoryUnitOfWork<LibraryRepositories, LibraryTables>(
    {
      tagSpellings: [],
      prompts: [],
      deletedPrompts: [],
      versions: [],
      categories: [],
      tiers: [],
      deletedUsers: new Map(),
      lastId: 0,
    },
    (tables) => ({
      prompts: new InMemoryPrompts(tables),
      categories: new InMemoryCategories(tables),
      tiers: new InMemoryTiers(tables),
      versions: new InMemoryVersions(tables),
      tags: new InMemoryTags(tables),
      accounts: new InMemoryAccounts(tables),
    }),
  );
}

/** Makes the user Pro (or free again) as billing's tier.changed event would. */
export async function setTier(library: InMemoryLibrary, userId: number, isPro: boolean): Promise<void> {
  const version = ((await library.direct.tiers.find(userId))?.version ?? 0) + 1;
  await library.direct.tiers.applyIfNewer({ userId, isPro, isCancelled: false, endsAt: null, version });
}

/** The library's rule-holding services over the given unit of work, wired as the module wires them. */
export function libraryRules(library: InMemoryLibrary, config: LibraryConfig = testLibraryConfig) {
  const tiers = new TiersService(library, config);
  const categories = new CategoriesService(library, tiers);
  return {
    tiers,
    categories,
    prompts: new PromptsService(library, categories, tiers),
    batches: new PromptBatchesService(library, config, categories, tiers),
    imports: new PromptImportService(library, categories, tiers),
    versions: new VersionsService(library, tiers),
    tags: new TagsService(library),
  };
}

function announced({ id, userId, title, content, categoryId, version }: PromptEntity): AnnouncedPrompt {
  return { id, userId, title, content, categoryId, version };
}

const titleCollator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

// Uses in one test follow each other within a millisecond; the database's clock would tell them apart.
let lastUse = 0;
function useTime(): Date {
  lastUse = Math.max(Date.now(), lastUse + 1);
  return new Date(lastUse);
}

/** A last use as the cards query gives it: never used sorts after any use. */
function lastUsedMs(key: { lastUsedAt: string | null }): number {
  return key.lastUsedAt === null ? -Infinity : Date.parse(key.lastUsedAt);
}

/** Negative when a comes first in the sort. */
function cardOrder(sort: CardQuery['sort']): (a: CardKey, b: CardKey) => number {
  return (a, b) => {
    if (a.sort === 'name' && b.sort === 'name' && sort === 'name')
      return titleCollator.compare(a.title, b.title) || b.id - a.id;
    if (a.sort === 'used' && b.sort === 'used' && sort === 'used')
      return b.usageCount - a.usageCount || b.id - a.id;
    if (a.sort === 'lastUsed' && b.sort === 'lastUsed' && sort === 'lastUsed')
      return lastUsedMs(b) - lastUsedMs(a) || b.id - a.id;
    return b.id - a.id;
  };
}

/** The page of these prompts after the query's key, in its sort's order, as the page SQL reads it. */
function pageOf(prompts: PromptEntity[], query: CardQuery): CardRow[] {
  const order = cardOrder(query.sort);
  const key = (prompt: PromptEntity) =>
    keyOf({ ...prompt, lastUsedAt: prompt.lastUsedAt?.toISOString() ?? null }, query.sort);
  return prompts
    .filter((prompt) => query.after === null || order(key(prompt), query.after) > 0)
    .sort((a, b) => order(key(a), key(b)))
    .slice(0, query.rows)
    .map(toCard);
}

function toCard(prompt: PromptEntity): CardRow {
  return {
    id: prompt.id,
    title: prompt.title,
    // Counted in code points, as Postgres counts characters.
    preview: [...prompt.content].slice(0, PROMPT_PREVIEW_CHARS).join(''),
    contentLength: [...prompt.content].length,
    categoryId: prompt.categoryId,
    isFavorite: prompt.isFavorite,
    lastUsedAt: prompt.lastUsedAt?.toISOString() ?? null,
    usageCount: prompt.usageCount,
    createdAt: prompt.createdAt.toISOString(),
    updatedAt: prompt.updatedAt.toISOString(),
    tags: prompt.tags,
  };
}
