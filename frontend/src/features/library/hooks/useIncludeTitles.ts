import type { ParsedTemplate, PromptTitle } from '@promptlib/proto';
import { useMemo } from 'react';
import type { IncludeTitle } from '../../templates/components/TemplateText';
import { useGetPromptTitlesQuery } from '../library.api';

// One lookup per title index, shared by every card and dialog that shows includes: the index holds
// up to 50,000 titles, too many to walk for each of them.
const lookups = new WeakMap<PromptTitle[], Map<number, string>>();

function lookupOf(titles: PromptTitle[]): Map<number, string> {
  let lookup = lookups.get(titles);
  if (!lookup) {
    lookup = new Map(titles.map(([id, title]) => [id, title]));
    lookups.set(titles, lookup);
  }
  return lookup;
}

/** Whether a template includes another prompt: only then are titles needed to show it. */
export function hasIncludes(template: ParsedTemplate): boolean {
  return template.segments.some((segment) => segment.kind === 'include');
}

/**
 * The titles of the prompts a template includes, from the library's title index (read once for the
 * whole library, and kept right by each change made here). The index is asked for only while the
 * template has an include, so a library without includes never reads it for its cards.
 */
export function useIncludeTitles(template: ParsedTemplate): IncludeTitle {
  const { titles } = useGetPromptTitlesQuery(undefined, {
    skip: !hasIncludes(template),
    selectFromResult: ({ data, isError }) => ({ titles: isError ? null : data }),
  });
  return useMemo(() => {
    // Unread or unreadable, the index cannot tell a missing prompt from one not read yet.
    if (!titles) return () => undefined;
    const lookup = lookupOf(titles);
    return (promptId: number) => lookup.get(promptId) ?? null;
  }, [titles]);
}
