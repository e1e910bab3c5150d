import { composeTemplate, unreadIncludes, type IncludeProblem, type ParsedTemplate } from '@promptlib/proto';

/**
 * Reads one of the user's prompts as it is now: its content, or null when there is no such prompt
 * of theirs. Rejects when it could not be read (offline, server down): then nothing is composed.
 */
export type ReadIncluded = (promptId: number) => Promise<string | null>;

/** Where a template's includes come from: the user's prompt `promptId`, read with `read`. */
export type IncludeSource = { promptId: number; read: ReadIncluded };

/**
 * The template with every include replaced by the included prompt's current text, nested ones too.
 * Read level by level, each level's prompts at once, each prompt once however often it is included.
 */
export async function composeWithIncludes(
  template: ParsedTemplate,
  source: IncludeSource,
): Promise<ParsedTemplate> {
  // The prompt itself is never read again: included anywhere below, it leads back to itself.
  const contents = new Map<number, string | null>([[source.promptId, '']]);
  const contentOf = (promptId: number) => contents.get(promptId);
  for (
    let unread = unreadIncludes(template, contentOf);
    unread.length > 0;
    unread = unreadIncludes(template, contentOf)
  ) {
    const read = await Promise.all(unread.map((promptId) => source.read(promptId)));
    unread.forEach((promptId, index) => contents.set(promptId, read[index] ?? null));
  }
  return composeTemplate(source.promptId, template, contentOf);
}

export type LeftOut = { problem: IncludeProblem; sources: string[] };

/**
 * The includes a composed template left out, grouped by why, in order; each prompt once, as its
 * first include is written.
 */
export function leftOutIncludes(composed: ParsedTemplate): LeftOut[] {
  const byProblem = new Map<IncludeProblem, Map<number, string>>();
  for (const segment of composed.segments) {
    if (segment.kind !== 'include' || !segment.problem) continue;
    const prompts = byProblem.get(segment.problem) ?? new Map<number, string>();
    if (!prompts.has(segment.promptId)) prompts.set(segment.promptId, segment.source);
    byProblem.set(segment.problem, prompts);
  }
  return [...byProblem].map(([problem, prompts]) => ({ problem, sources: [...prompts.values()] }));
}
