import type { PromptTitle } from '@promptlib/proto';

/** The title index readied for the include picker: searched at each key, so lowercased once. */
export type IncludeIndex = { titles: PromptTitle[]; lowered: string[]; mostUsed: PromptTitle[] };

/**
 * The prompts the include picker offers before anything is typed: the most used first (the index
 * comes newest first, which breaks ties), the prompt being edited left out. A prompt cannot include
 * itself.
 */
export function includeIndexOf(titles: PromptTitle[], excludeId: number | null, shown: number): IncludeIndex {
  const offered = excludeId === null ? titles : titles.filter(([id]) => id !== excludeId);
  const mostUsed = [...offered].sort((a, b) => b[3] - a[3]).slice(0, shown);
  return { titles: offered, lowered: offered.map(([, title]) => title.toLocaleLowerCase()), mostUsed };
}

/**
 * At most `shown` prompts whose title holds what was typed, those starting with it first, each group
 * newest first. One pass that stops once enough titles start with it, however large the library.
 */
export function includeCandidates(index: IncludeIndex, typed: string, shown: number): PromptTitle[] {
  const query = typed.trim().toLocaleLowerCase();
  if (query === '') return index.mostUsed;
  const starting: PromptTitle[] = [];
  const containing: PromptTitle[] = [];
  for (let at = 0; at < index.titles.length && starting.length < shown; at += 1) {
    const position = index.lowered[at]!.indexOf(query);
    if (position === 0) starting.push(index.titles[at]!);
    else if (position > 0 && containing.length < shown) containing.push(index.titles[at]!);
  }
  return [...starting, ...containing].slice(0, shown);
}
