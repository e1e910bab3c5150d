import type { Transaction } from '@promptlib/platform/service';
import { eventSubjects, type PromptMarked, type PromptUpdated } from '@promptlib/proto';
import type { LibraryRepositories } from '../library-data';
import type { AnnouncedPrompt } from './prompts.repository';

/** The event of a prompt's creation or change, the same whichever way the prompt was made. */
export function promptUpdated(prompt: AnnouncedPrompt): PromptUpdated {
  return {
    userId: prompt.userId,
    promptId: prompt.id,
    title: prompt.title,
    content: prompt.content,
    categoryId: prompt.categoryId,
    version: prompt.version,
  };
}

/** Announces these prompts' creation or change, once the transaction commits. */
export async function announceUpdates(
  tx: Transaction<LibraryRepositories>,
  prompts: AnnouncedPrompt[],
): Promise<void> {
  await tx.outbox.addMany(eventSubjects.promptUpdated, prompts.map(promptUpdated));
}

/** Announces a prompt's star or tags as they are now, once the transaction commits. */
export async function announceMarks(
  tx: Transaction<LibraryRepositories>,
  marks: PromptMarked,
): Promise<void> {
  await tx.outbox.add(eventSubjects.promptMarked, marks);
}

/**
 * Moves the user's prompts among these ids out of the library to wait for a restore; answers them.
 * Each deletion is announced at its version, which outranks every change before it.
 */
export async function deletePrompts(
  tx: Transaction<LibraryRepositories>,
  userId: number,
  promptIds: number[],
): Promise<number[]> {
  const deleted = await tx.prompts.moveToDeleted(userId, promptIds);
  await tx.outbox.addMany(
    eventSubjects.promptDeleted,
    deleted.map(({ id, version }) => ({ userId, promptId: id, version })),
  );
  return deleted.map((prompt) => prompt.id);
}
