import { Inject, Injectable } from '@nestjs/common';
import { notFound, serviceError } from '@promptlib/platform';
import {
  eventSubjects,
  type ParsedRequestOf,
  type TagChanged,
  type TagSummary,
  type UserScoped,
  type subjects,
} from '@promptlib/proto';
import { LIBRARY_DATA, type LibraryData, type LibraryRepositories } from '../library-data';
import { normalizeTags, renamedTags, tagKey, tagProblem } from './tag-rules';

export type RenameTagRequest = ParsedRequestOf<typeof subjects.library.tagsRename>;
export type TagRequest = ParsedRequestOf<typeof subjects.library.tagsDelete>;

/**
 * The user's tags across their prompts: listed with counts, renamed (merged into a tag they
 * already have in another case-insensitive spelling) or deleted everywhere, the deleted prompts
 * waiting for an Undo included, so an Undo brings no old spelling back. A tag's change is no edit
 * of a prompt's text: it makes no version and no prompt event, only one of the tag's own for the
 * user's other devices. Changes take turns with the user's other
 * writes on their tier row.
 */
@Injectable()
export class TagsService {
  constructor(@Inject(LIBRARY_DATA) private readonly data: LibraryData) {}

  list({ userId }: UserScoped): Promise<TagSummary[]> {
    return this.data.direct.tags.summaries(userId);
  }

  async rename({ userId, name, newName }: RenameTagRequest): Promise<TagChanged> {
    const wanted = newName.trim();
    const problem = tagProblem(wanted);
    if (problem) throw serviceError('VALIDATION_FAILED', problem.message, { name: problem });
    return this.data.transaction(async (tx) => {
      await tx.tiers.lock(userId);
      const from = await tx.tags.find(userId, name);
      if (from === null) throw notFound('tag');
      // A change of case alone keeps the tag, spelt anew; another tag's name merges the two.
      const existing = tagKey(wanted) === tagKey(from) ? null : await tx.tags.find(userId, wanted);
      const to = existing ?? wanted;
      const { live, waiting } = await tx.tags.lockTagged(userId, from);
      const rename = (prompts: typeof live) =>
        prompts.map((prompt) => ({ ...prompt, tags: renamedTags(prompt.tags, from, to) }));
      await tx.tags.setTags(userId, rename(live), rename(waiting));
      await tx.tags.rename(userId, from, to);
      await tx.outbox.add(eventSubjects.tagChanged, { userId, name: from, newName: to });
      return { name: to, prompts: live.length };
    });
  }

  async delete({ userId, name }: TagRequest): Promise<TagChanged> {
    return this.data.transaction(async (tx) => {
      await tx.tiers.lock(userId);
      const tag = await tx.tags.find(userId, name);
      if (tag === null) throw notFound('tag');
      const { live, waiting } = await tx.tags.lockTagged(userId, tag);
      const without = (prompts: typeof live) =>
        prompts.map((prompt) => ({ ...prompt, tags: prompt.tags.filter((other) => other !== tag) }));
      await tx.tags.setTags(userId, without(live), without(waiting));
      await tx.tags.delete(userId, tag);
      await tx.outbox.add(eventSubjects.tagChanged, { userId, name: tag, newName: null });
      return { name: null, prompts: live.length };
    });
  }
}

/**
 * The tags a prompt's create, edit or import gives it, in the user's spelling of each (a new tag
 * is recorded in the spelling given); throws VALIDATION_FAILED when they break a rule.
 */
export async function promptTags(
  tx: LibraryRepositories,
  userId: number,
  raw: readonly string[],
): Promise<string[]> {
  const normalized = normalizeTags(raw);
  if ('problems' in normalized) {
    const [problem] = Object.values(normalized.problems);
    throw serviceError('VALIDATION_FAILED', problem!.message, normalized.problems);
  }
  return tx.tags.spellings(userId, normalized.tags);
}
