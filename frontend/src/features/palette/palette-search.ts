import type { Prompt } from '@promptlib/proto';

/** A highlighted stretch of a text: [start, end), end excluded. */
export type Range = [number, number];

export type Match = { score: number; ranges: Range[] };

/** A prompt as the palette searches it: lower-cased once per list, not once per keystroke. */
export type PaletteEntry = {
  prompt: Prompt;
  category: string;
  titleLower: string;
  categoryLower: string;
  contentLower: string;
};

export type Snippet = { text: string; ranges: Range[] };

export type PromptHit = {
  entry: PaletteEntry;
  score: number;
  titleRanges: Range[];
  categoryRanges: Range[];
  snippet: Snippet;
};

const WORD_BREAK = /[\s\-_/.,:;!?()[\]{}"'`|]/;
// A subsequence spread wider than this is no longer what someone typing meant.
const maxSpan = (length: number) => length * 3 + 8;
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

const isWordStart = (text: string, index: number) => index === 0 || WORD_BREAK.test(text[index - 1]!);

/**
 * How well `query` (lower case) matches `text` (lower case), or null: the query as one piece scores
 * highest, more at the start of the text or of a word; else its letters in order (three or more of
 * them, not too spread out), more for letters that follow each other or start words.
 */
export function fuzzyMatch(query: string, text: string): Match | null {
  if (query.length === 0) return { score: 0, ranges: [] };
  const at = text.indexOf(query);
  if (at !== -1) {
    const start = at === 0 ? 30 : isWordStart(text, at) ? 20 : 0;
    return {
      score: 100 + query.length * 10 + start - Math.min(at, 20) / 2,
      ranges: [[at, at + query.length]],
    };
  }
  if (query.length < 3) return null;
  const ranges: Range[] = [];
  let score = 0;
  let from = 0;
  let first = -1;
  for (const char of query) {
    const index = text.indexOf(char, from);
    if (index === -1) return null;
    if (first === -1) first = index;
    if (index - first > maxSpan(query.length)) return null;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === index) {
      last[1] = index + 1;
      score += 6;
    } else {
      ranges.push([index, index + 1]);
      score += 1;
    }
    if (isWordStart(text, index)) score += 8;
    from = index + 1;
  }
  return { score, ranges };
}

/** The prompts made searchable; `categoryOf` names a prompt's category as the user sees it. */
export function indexPrompts(prompts: Prompt[], categoryOf: (prompt: Prompt) => string): PaletteEntry[] {
  return prompts.map((prompt) => {
    const category = categoryOf(prompt);
    return {
      prompt,
      category,
      titleLower: prompt.title.toLowerCase(),
      categoryLower: category.toLowerCase(),
      contentLower: prompt.content.toLowerCase(),
    };
  });
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The prompts for a query, best first, at most `limit`. Each word must match the title or category
 * (fuzzily) or appear in the content; title matches weigh most. Prompts used recently on this
 * device (`recent`, most recent first) and the most used ones come first among equals, and are all
 * there is to rank with an empty query.
 */
export function searchPrompts(
  entries: PaletteEntry[],
  query: string,
  recent: number[],
  limit: number,
): PromptHit[] {
  const words = queryWords(query);
  const recentRank = new Map(recent.map((id, index) => [id, index]));
  const usageBoost = (entry: PaletteEntry) => {
    const rank = recentRank.get(entry.prompt.id);
    return (rank === undefined ? 0 : 60 - Math.min(rank, 50)) + Math.log2(1 + entry.prompt.usageCount) * 5;
  };

  if (words.length === 0) {
    return entries
      .map((entry) => ({ entry, score: usageBoost(entry) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ entry, score }) => ({
        entry,
        score,
        titleRanges: [],
        categoryRanges: [],
        snippet: snippetOf(entry, -1, []),
      }));
  }

  const hits: PromptHit[] = [];
  for (const entry of entries) {
    let score = 0;
    let titleRanges: Range[] = [];
    let categoryRanges: Range[] = [];
    let contentAt = -1;
    let matchedAll = true;
    for (const word of words) {
      const title = fuzzyMatch(word, entry.titleLower);
      const category = fuzzyMatch(word, entry.categoryLower);
      const inContent = word.length >= 2 ? entry.contentLower.indexOf(word) : -1;
      if (!title && !category && inContent === -1) {
        matchedAll = false;
        break;
      }
      score += Math.max(
        title ? title.score * 3 : 0,
        category ? category.score * 1.5 : 0,
        inContent !== -1 ? 40 : 0,
      );
      if (title) titleRanges = titleRanges.concat(title.ranges);
      if (category) categoryRanges = categoryRanges.concat(category.ranges);
      if (inContent !== -1 && (contentAt === -1 || inContent < contentAt)) contentAt = inContent;
    }
    if (!matchedAll) continue;
    hits.push({
      entry,
      score: score + usageBoost(entry),
      // Marks only where lower-casing kept every character in place.
      titleRanges: entry.titleLower.length === entry.prompt.title.length ? merge(titleRanges) : [],
      categoryRanges: merge(categoryRanges),
      snippet: snippetOf(entry, contentAt, words),
    });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** A line of the content: around the first word found there, else its start, words marked. */
function snippetOf(entry: PaletteEntry, at: number, words: string[]): Snippet {
  const content = entry.prompt.content;
  const start = at <= SNIPPET_BEFORE ? 0 : at - SNIPPET_BEFORE;
  const end = Math.min(content.length, start + SNIPPET_LENGTH);
  const raw = content.slice(start, end);
  // Line breaks stay: the palette shows a snippet on one line, where CSS folds them into spaces.
  const text = (start > 0 ? '…' : '') + raw + (end < content.length ? '…' : '');
  // Marks only where lower-casing kept every character in place.
  if (at === -1 || content.length !== entry.contentLower.length) return { text, ranges: [] };
  const offset = start > 0 ? 1 : 0;
  const lower = entry.contentLower.slice(start, end);
  const ranges: Range[] = [];
  for (const word of words) {
    for (let index = lower.indexOf(word); index !== -1; index = lower.indexOf(word, index + word.length)) {
      ranges.push([index + offset, index + offset + word.length]);
    }
  }
  return { text, ranges: merge(ranges) };
}

/** Ranges sorted and joined where they touch or overlap. */
export function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
