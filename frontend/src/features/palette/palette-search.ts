import type { PromptCard, PromptTitle } from '@promptlib/proto';

/** A highlighted stretch of a text: [start, end), end excluded. */
export type Range = [number, number];

export type Match = { score: number; ranges: Range[] };

/**
 * A prompt as the palette searches it: lower-cased once per list, not once per keystroke. The
 * palette holds cards the server found, so the content it marks and quotes is the card's preview.
 */
export type PaletteEntry = {
  prompt: PromptCard;
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

const WORD_BREAKS = new Set([...' \t\n\r-_/.,:;!?()[]{}"\'`|'].map((char) => char.charCodeAt(0)));
// A subsequence spread wider than this is no longer what someone typing meant.
const maxSpan = (length: number) => length * 3 + 8;
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

const isWordStart = (text: string, index: number) =>
  index === 0 || WORD_BREAKS.has(text.charCodeAt(index - 1));

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

/**
 * The prompts made searchable, with where each word last searched for first appears in each
 * prompt's content. Typing adds letters to a word, and a content holds the longer word only where
 * it holds the shorter one, from that place on: so each keystroke reads only the contents that
 * still match, from where they matched, instead of every character of the library again.
 */
export type PaletteIndex = {
  entries: PaletteEntry[];
  /** Per entry, where `word` first appears in its content, or -1. */
  contentPositions: (word: string) => Int32Array;
};

// Enough for the words of a few queries typed and corrected; older ones are read again if needed.
const CACHED_WORDS = 64;

/** `categoryOf` names a prompt's category as the user sees it. */
export function indexPrompts(
  prompts: PromptCard[],
  categoryOf: (prompt: PromptCard) => string,
): PaletteIndex {
  const entries = prompts.map((prompt) => {
    const category = categoryOf(prompt);
    return {
      prompt,
      category,
      titleLower: prompt.title.toLowerCase(),
      categoryLower: category.toLowerCase(),
      contentLower: prompt.preview.toLowerCase(),
    };
  });
  const cache = new Map<string, Int32Array>();
  const contentPositions = (word: string): Int32Array => {
    const known = cache.get(word);
    if (known) return known;
    let prefix: Int32Array | undefined;
    for (let length = word.length - 1; length > 0 && !prefix; length -= 1)
      prefix = cache.get(word.slice(0, length));
    const positions = new Int32Array(entries.length);
    for (let index = 0; index < entries.length; index += 1) {
      const from = prefix ? prefix[index]! : 0;
      positions[index] = from === -1 ? -1 : entries[index]!.contentLower.indexOf(word, from);
    }
    if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value!);
    cache.set(word, positions);
    return positions;
  };
  return { entries, contentPositions };
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * What the server is asked to find for a query: its longest word, so the prompts it answers with
 * hold at least that in their title or content; the palette ranks them by every word.
 */
export function serverSearchOf(query: string): string {
  return queryWords(query).reduce((longest, word) => (word.length > longest.length ? word : longest), '');
}

/**
 * A prompt the palette knows by its title alone (the library's title index): no preview, and a
 * length no preview covers, so its text is read from the server when it is used.
 */
export function titleCardOf([id, title, categoryId, usageCount]: PromptTitle): PromptCard {
  return {
    id,
    title,
    categoryId,
    usageCount,
    isFavorite: 0,
    createdAt: '',
    updatedAt: '',
    preview: '',
    contentLength: Number.MAX_SAFE_INTEGER,
  };
}

/** Hits from several indexes, each prompt once: its best score, the first index's entry on a tie. */
export function mergeHits(...lists: PromptHit[][]): PromptHit[] {
  const best = new Map<number, PromptHit>();
  for (const hit of lists.flat()) {
    const known = best.get(hit.entry.prompt.id);
    if (!known || hit.score > known.score) best.set(hit.entry.prompt.id, hit);
  }
  return [...best.values()];
}

/** A prompt the server found that no word marks in what the palette holds of it (beyond its preview). */
export function plainHit(entry: PaletteEntry, score: number): PromptHit {
  return { entry, score, titleRanges: [], categoryRanges: [], snippet: snippetOf(entry, -1, []) };
}

/**
 * The prompts for a query, best first, at most `limit`. Each word must match the title or category
 * (fuzzily) or appear in the content; title matches weigh most. Prompts used recently on this
 * device (`recent`, most recent first) and the most used ones come first among equals, and are all
 * there is to rank with an empty query. Marks and snippets are made for the prompts shown only.
 */
export function searchPrompts(
  index: PaletteIndex,
  query: string,
  recent: number[],
  limit: number,
): PromptHit[] {
  const { entries } = index;
  const words = queryWords(query);
  const recentRank = new Map(recent.map((id, at) => [id, at]));
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

  const inContent = words.map((word) => (word.length >= 2 ? index.contentPositions(word) : null));
  // A library has few categories: each is matched once per word, not once per prompt.
  const categoryMatches = words.map(() => new Map<string, Match | null>());
  const categoryMatch = (w: number, categoryLower: string) => {
    const known = categoryMatches[w]!;
    if (!known.has(categoryLower)) known.set(categoryLower, fuzzyMatch(words[w]!, categoryLower));
    return known.get(categoryLower)!;
  };
  const scored: { at: number; score: number }[] = [];
  for (let at = 0; at < entries.length; at += 1) {
    const entry = entries[at]!;
    let score = 0;
    let matchedAll = true;
    for (let w = 0; w < words.length; w += 1) {
      const word = words[w]!;
      const title = fuzzyMatch(word, entry.titleLower);
      const category = categoryMatch(w, entry.categoryLower);
      const found = inContent[w] ? inContent[w]![at]! : -1;
      if (!title && !category && found === -1) {
        matchedAll = false;
        break;
      }
      score += Math.max(
        title ? title.score * 3 : 0,
        category ? category.score * 1.5 : 0,
        found !== -1 ? 40 : 0,
      );
    }
    if (matchedAll) scored.push({ at, score: score + usageBoost(entry) });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ at, score }) => {
      const entry = entries[at]!;
      let titleRanges: Range[] = [];
      let categoryRanges: Range[] = [];
      let contentAt = -1;
      words.forEach((word, w) => {
        titleRanges = titleRanges.concat(fuzzyMatch(word, entry.titleLower)?.ranges ?? []);
        categoryRanges = categoryRanges.concat(fuzzyMatch(word, entry.categoryLower)?.ranges ?? []);
        const found = inContent[w] ? inContent[w]![at]! : -1;
        if (found !== -1 && (contentAt === -1 || found < contentAt)) contentAt = found;
      });
      return {
        entry,
        score,
        // Marks only where lower-casing kept every character in place.
        titleRanges: entry.titleLower.length === entry.prompt.title.length ? merge(titleRanges) : [],
        categoryRanges: merge(categoryRanges),
        snippet: snippetOf(entry, contentAt, words),
      };
    });
}

/** A line of the content: around the first word found there, else its start, words marked. */
function snippetOf(entry: PaletteEntry, at: number, words: string[]): Snippet {
  const content = entry.prompt.preview;
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
