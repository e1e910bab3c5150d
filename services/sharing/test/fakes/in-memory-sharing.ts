import { ServiceCallError } from '@promptlib/platform';
import { uniqueViolation } from '@promptlib/platform/service';
import { InMemoryUnitOfWork, rememberDeletedUser } from '@promptlib/platform/testing/services';
import { libraryMessages, subjects, type OwnedPrompt, type SharedPrompt } from '@promptlib/proto';
import type { LibraryPrompts } from '../../src/links/library-prompts';
import type { LiveLink } from '../../src/links/share-links.repository';
import type { PromptText } from '../../src/prompt-texts/prompt-texts.repository';
import type { CachedRead, ReadCache } from '../../src/public-reads/read-cache';
import type { SharingRepositories } from '../../src/sharing-data';
import type { ViewCounts } from '../../src/views/view-counts';

export type ShareLinkRow = {
  id: string;
  promptId: number;
  ownerId: number;
  views: number;
  createdAt: Date;
  revokedAt: Date | null;
  cacheClearPending: boolean;
};

export type PromptTextRow = PromptText & { deleted: boolean };

/** Sharing's rows, as the in-memory repositories keep them. */
export type SharingTables = {
  shareLinks: ShareLinkRow[];
  promptTexts: PromptTextRow[];
  viewBatches: { id: string; flushedAt: Date }[];
  /** Deleted accounts, by user id, with when they were deleted. */
  deletedUsers: Map<number, Date>;
  /** The database's clock: one second later at every write, so creation order is never a tie. */
  now: Date;
};

type ShareLinks = SharingRepositories['shareLinks'];
type PromptTexts = SharingRepositories['promptTexts'];
type ViewBatches = SharingRepositories['viewBatches'];
type Accounts = SharingRepositories['accounts'];

class InMemoryAccounts implements Accounts {
  constructor(private readonly tables: SharingTables) {}

  // One transaction at a time holds the in-memory tables: there is nothing to serialise.
  async lockUser(): Promise<void> {}

  async erase(userId: number): Promise<{ shareIds: string[]; texts: number }> {
    rememberDeletedUser(this.tables.deletedUsers, userId);
    const shareIds = this.tables.shareLinks.filter((link) => link.ownerId === userId).map((link) => link.id);
    this.tables.shareLinks = this.tables.shareLinks.filter((link) => link.ownerId !== userId);
    const before = this.tables.promptTexts.length;
    this.tables.promptTexts = this.tables.promptTexts.filter((text) => text.ownerId !== userId);
    return { shareIds, texts: before - this.tables.promptTexts.length };
  }

  async isErased(userId: number): Promise<boolean> {
    return this.tables.deletedUsers.has(userId);
  }
}

function tick(tables: SharingTables): Date {
  tables.now = new Date(tables.now.getTime() + 1_000);
  return tables.now;
}

class InMemoryShareLinks implements ShareLinks {
  constructor(private readonly tables: SharingTables) {}

  private live(promptIds: number[]): ShareLinkRow[] {
    return this.tables.shareLinks.filter((link) => promptIds.includes(link.promptId) && !link.revokedAt);
  }

  private text(promptId: number): PromptTextRow | undefined {
    return this.tables.promptTexts.find((text) => text.promptId === promptId);
  }

  async createIfNone(shareId: string, promptId: number, ownerId: number): Promise<void> {
    // ON CONFLICT on the partial unique index of live links; any other duplicate is refused.
    if (this.live([promptId]).length > 0) return;
    if (this.tables.shareLinks.some((link) => link.id === shareId)) throw uniqueViolation('share_links_pkey');
    this.tables.shareLinks.push({
      id: shareId,
      promptId,
      ownerId,
      views: 0,
      createdAt: tick(this.tables),
      revokedAt: null,
      cacheClearPending: false,
    });
  }

  async awaitingCacheClear(promptId: number, ownerId: number): Promise<string[]> {
    return this.tables.shareLinks
      .filter((link) => link.promptId === promptId && link.ownerId === ownerId && link.cacheClearPending)
      .map((link) => link.id);
  }

  async anyAwaitingCacheClear(limit: number): Promise<string[]> {
    return this.tables.shareLinks
      .filter((link) => link.cacheClearPending)
      .sort((a, b) => a.revokedAt!.getTime() - b.revokedAt!.getTime())
      .slice(0, limit)
      .map((link) => link.id);
  }

  async cacheCleared(shareIds: string[]): Promise<void> {
    for (const link of this.tables.shareLinks) if (shareIds.includes(link.id)) link.cacheClearPending = false;
  }

  async liveLink(promptId: number, ownerId: number): Promise<string> {
    const [live] = this.live([promptId]).filter((link) => link.ownerId === ownerId);
    return live.id;
  }

  async revoke(promptId: number, ownerId: number): Promise<string[]> {
    const revoked = this.live([promptId]).filter((link) => link.ownerId === ownerId);
    const now = tick(this.tables);
    for (const link of revoked) Object.assign(link, { revokedAt: now, cacheClearPending: true });
    return revoked.map((link) => link.id);
  }

  async listLive(ownerId: number): Promise<LiveLink[]> {
    return this.tables.shareLinks
      .filter((link) => link.ownerId === ownerId && !link.revokedAt)
      .filter((link) => this.text(link.promptId)?.deleted === false)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((link) => ({
        shareId: link.id,
        promptId: link.promptId,
        title: this.text(link.promptId)!.title,
        views: link.views,
        createdAt: new Date(link.createdAt),
      }));
  }

  async publicRead(shareId: string): Promise<SharedPrompt | null> {
    const link = this.tables.shareLinks.find((row) => row.id === shareId && !row.revokedAt);
    const text = link && this.text(link.promptId);
    return text && !text.deleted ? { title: text.title, content: text.content } : null;
  }

  async liveLinksOf(promptIds: number[]): Promise<string[]> {
    return this.live(promptIds).map((link) => link.id);
  }

  async addViews(counts: Record<string, string>): Promise<void> {
    for (const link of this.tables.shareLinks) {
      if (link.id in counts) link.views += Number(counts[link.id]);
    }
  }
}

class InMemoryPromptTexts implements PromptTexts {
  constructor(private readonly tables: SharingTables) {}

  private row(promptId: number): PromptTextRow | undefined {
    return this.tables.promptTexts.find((text) => text.promptId === promptId);
  }

  async upsert(text: PromptText): Promise<boolean> {
    const row = this.row(text.promptId);
    if (!row) {
      this.tables.promptTexts.push({ ...text, deleted: false });
      return true;
    }
    if (row.version >= text.version) return false;
    Object.assign(row, text, { deleted: false });
    return true;
  }

  async tombstone(ownerId: number, promptIds: number[], version: number): Promise<number[]> {
    if (new Set(promptIds).size !== promptIds.length) {
      // As Postgres refuses an ON CONFLICT DO UPDATE that would change a row twice.
      throw Object.assign(new Error('ON CONFLICT DO UPDATE command cannot affect row a second time'), {
        code: '21000',
      });
    }
    const deleted: number[] = [];
    for (const promptId of promptIds) {
      const row = this.row(promptId);
      if (row && row.version >= version) continue;
      if (row) Object.assign(row, { title: '', content: '', deleted: true, version });
      else
        this.tables.promptTexts.push({ promptId, ownerId, title: '', content: '', version, deleted: true });
      deleted.push(promptId);
    }
    tick(this.tables);
    return deleted;
  }

  async isDeleted(promptId: number): Promise<boolean> {
    return this.row(promptId)?.deleted ?? false;
  }
}

class InMemoryViewBatches implements ViewBatches {
  constructor(private readonly tables: SharingTables) {}

  async record(batchId: string): Promise<boolean> {
    if (this.tables.viewBatches.some((batch) => batch.id === batchId)) return false;
    this.tables.viewBatches.push({ id: batchId, flushedAt: tick(this.tables) });
    return true;
  }

  async prune(): Promise<void> {
    const dayAgo = this.tables.now.getTime() - 86_400_000;
    this.tables.viewBatches = this.tables.viewBatches.filter((batch) => batch.flushedAt.getTime() >= dayAgo);
  }
}

export type InMemorySharing = InMemoryUnitOfWork<SharingRepositories, SharingTables>;

/** Sharing's unit of work over empty in-memory tables, for the rules' unit specs. */
export function inMemorySharing(): InMemorySharing {
  return new InMemoryUnitOfWork<SharingRepositories, SharingTables>(
    {
      shareLinks: [],
      promptTexts: [],
      viewBatches: [],
      deletedUsers: new Map(),
      now: new Date('2026-01-01T00:00:00Z'),
    },
    (tables) => ({
      shareLinks: new InMemoryShareLinks(tables),
      promptTexts: new InMemoryPromptTexts(tables),
      viewBatches: new InMemoryViewBatches(tables),
      accounts: new InMemoryAccounts(tables),
    }),
  );
}

type LibraryPrompt = OwnedPrompt & { userId: number };

/** The library as sharing asks it: each user's own prompts, and NOT_FOUND for any other. */
export class InMemoryLibraryPrompts implements Pick<LibraryPrompts, 'owned'> {
  readonly prompts: LibraryPrompt[] = [];
  private lastId = 0;

  /** A prompt of the user's, as the library holds it. */
  add(userId: number, fields: { title?: string; content?: string } = {}): OwnedPrompt {
    const id = ++this.lastId;
    const now = new Date().toISOString();
    const prompt: LibraryPrompt = {
      userId,
      id,
      title: fields.title ?? `Prompt ${id}`,
      content: fields.content ?? `Content of prompt ${id}`,
      categoryId: null,
      tags: [],
      isFavorite: 0,
      usageCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    this.prompts.push(prompt);
    return prompt;
  }

  /** An edit in the library: a new version the read model has not heard of yet. */
  edit(promptId: number, fields: { title: string; content: string }): OwnedPrompt {
    const prompt = this.prompts.find((row) => row.id === promptId)!;
    Object.assign(prompt, fields, { version: prompt.version + 1 });
    return prompt;
  }

  async owned(userId: number, promptId: number): Promise<OwnedPrompt> {
    const prompt = this.prompts.find((row) => row.id === promptId && row.userId === userId);
    if (!prompt) {
      throw new ServiceCallError(
        { code: 'NOT_FOUND', message: libraryMessages.promptNotFound },
        subjects.library.promptsGet,
      );
    }
    const { userId: _owner, ...owned } = prompt;
    return { ...owned };
  }
}

type CacheKeys = 'read' | 'fill' | 'countView' | 'invalidate';

/**
 * The Redis read cache and its view counting, kept in maps with the semantics of its scripts: a
 * hit counts a view once per client and link, a fill is dropped if the link was invalidated since
 * the miss read its generation. `unavailable` makes every call fail, as an unreachable Redis does.
 */
export class InMemoryReadCache implements Pick<ReadCache, CacheKeys> {
  readonly entries = new Map<string, SharedPrompt | null>();
  readonly generations = new Map<string, number>();
  /** The views counted and not yet flushed, by share id. */
  readonly views = new Map<string, number>();
  /** Every invalidation, in order. */
  readonly invalidated: string[] = [];
  unavailable = false;
  private readonly seen = new Set<string>();

  private reachable(): void {
    if (this.unavailable) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
  }

  async read(shareId: string, client: string): Promise<CachedRead> {
    this.reachable();
    if (!this.entries.has(shareId)) {
      return { hit: false, generation: String(this.generations.get(shareId) ?? 0) };
    }
    const prompt = this.entries.get(shareId) ?? null;
    if (prompt) this.count(shareId, client);
    return { hit: true, prompt: prompt && { ...prompt } };
  }

  async fill(shareId: string, generation: string, prompt: SharedPrompt): Promise<void> {
    this.reachable();
    if (String(this.generations.get(shareId) ?? 0) !== generation) return;
    this.entries.set(shareId, { title: prompt.title, content: prompt.content });
  }

  async countView(shareId: string, client: string): Promise<void> {
    this.reachable();
    this.count(shareId, client);
  }

  async invalidate(shareIds: string[]): Promise<void> {
    if (shareIds.length === 0) return;
    this.reachable();
    for (const shareId of shareIds) {
      this.generations.set(shareId, (this.generations.get(shareId) ?? 0) + 1);
      this.entries.delete(shareId);
      this.invalidated.push(shareId);
    }
  }

  private count(shareId: string, client: string): void {
    const key = `${shareId}:${client}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.views.set(shareId, (this.views.get(shareId) ?? 0) + 1);
  }
}

/** The views still in Redis, as ViewCounts answers them; `unavailable` as when Redis is out of reach. */
export class InMemoryPendingViews implements Pick<ViewCounts, 'pending'> {
  unavailable = false;

  constructor(private readonly cache: InMemoryReadCache) {}

  async pending(shareIds: string[]): Promise<Map<string, number>> {
    if (this.unavailable) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    return new Map(shareIds.map((shareId) => [shareId, this.cache.views.get(shareId) ?? 0]));
  }
}
