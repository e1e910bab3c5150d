import type { Transaction } from '@promptlib/platform/service';
import type { PromptVersionSource } from '@promptlib/proto';
import type { LibraryRepositories } from '../library-data';
import type { AnnouncedPrompt } from '../prompts/prompts.repository';

/**
 * Keeps these prompts' text, as just created or changed, as their newest version, and prunes each
 * prompt's history to the plan's `keep` newest. Called in the transaction that made the change.
 */
export async function recordVersions(
  tx: Transaction<LibraryRepositories>,
  userId: number,
  prompts: readonly Pick<AnnouncedPrompt, 'id' | 'title' | 'content' | 'categoryId'>[],
  source: PromptVersionSource,
  keep: number,
): Promise<void> {
  if (prompts.length === 0) return;
  await tx.versions.add(
    userId,
    prompts.map(({ id, title, content, categoryId }) => ({ promptId: id, title, content, categoryId })),
    source,
  );
  await tx.versions.prune(
    userId,
    prompts.map((prompt) => prompt.id),
    keep,
  );
}
