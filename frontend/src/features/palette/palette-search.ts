import type { PromptCard, PromptTitle, TagSummary } from '@promptlib/proto';

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
 * The prompts made searchable, with what each word last searched for makes of each prompt. Typing
 * adds letters to a word, and a text holds the longer word (in one piece, or its letters in order)
 * only where it holds the shorter one, from that place on: so each keystroke reads only the prompts
 * that still match, from where they matched, instead of every character of the library again.
 */
export type PaletteIndex = {
  entries: PaletteEntry[];
  /** Per entry, where `word` first appears in its content, or -1. */
  contentPositions: (word: string) => Int32Array;
  /** Per entry, the score of `word` matched fuzzily against its title, or NaN where it does not match. */
  titleScores: (word: string) => Float32Array;
};

// Enough for the words of a few queries typed and corrected; older ones are read again if needed.
// A title's figures take two arrays a word, a content's one: fewer of them are kept.
const CACHED_CONTENT_WORDS = 64;
const CACHED_TITLE_WORDS = 32;

/**
 * A figure per word, computed from the figure of the word's longest known prefix where there is
 * one (`from` is then that prefix and its figure), the oldest forgotten past `size` words.
 */
function prefixCache<T>(
  size: number,
  compute: (word: string, from: { prefix: string; known: T } | undefined) => T,
): (word: string) => T {
  const cache = new Map<string, T>();
  return (word) => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    let from: { prefix: string; known: T } | undefined;
    for (let length = word.length - 1; length > 0 && !from; length -= 1) {
      const prefix = word.slice(0, length);
      const known = cache.get(prefix);
      if (known !== undefined) from = { prefix, known };
    }
    const value = compute(word, from);
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(word, value);
    return value;
  };
}

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
  const contentPositions = prefixCache<Int32Array>(CACHED_CONTENT_WORDS, (word, from) => {
    const positions = new Int32Array(entries.length);
    for (let index = 0; index < entries.length; index += 1) {
      const start = from ? from.known[index]! : 0;
      positions[index] = start === -1 ? -1 : entries[index]!.contentLower.indexOf(word, start);
    }
    return positions;
  });
  // A title matches a word, in one piece or fuzzily, only where it holds the word's letters in
  // order: `ends` is where the first such run of them ends (or -1), the only titles matched again.
  const titleMatches = prefixCache<{ ends: Int32Array; scores: Float32Array }>(
    CACHED_TITLE_WORDS,
    (word, from) => {
      const ends = new Int32Array(entries.length);
      const scores = new Float32Array(entries.length).fill(Number.NaN);
      const added = from ? word.slice(from.prefix.length) : word;
      for (let index = 0; index < entries.length; index += 1) {
        let end = from ? from.known.ends[index]! : -1;
        if (from && end === -1) {
          ends[index] = -1;
          continue;
        }
        const title = entries[index]!.titleLower;
        for (const char of added) {
          end = title.indexOf(char, end + 1);
          if (end === -1) break;
        }
        ends[index] = end;
        if (end !== -1) scores[index] = fuzzyMatch(word, title)?.score ?? Number.NaN;
      }
      return { ends, scores };
    },
  );
  return { entries, contentPositions, titleScores: (word) => titleMatches(word).scores };
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
    lastUsedAt: null,
    tags: [],
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
    return highest(
      entries.map((entry) => ({ entry, score: usageBoost(entry) })),
      limit,
    ).map(({ entry, score }) => ({
      entry,
      score,
      titleRanges: [],
      categoryRanges: [],
      snippet: snippetOf(entry, -1, []),
    }));
  }

  const inContent = words.map((word) => (word.length >= 2 ? index.contentPositions(word) : null));
  const inTitle = words.map((word) => index.titleScores(word));
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
      const title = inTitle[w]![at]!;
      const category = categoryMatch(w, entry.categoryLower);
      const found = inContent[w] ? inContent[w]![at]! : -1;
      if (Number.isNaN(title) && !category && found === -1) {
        matchedAll = false;
        break;
      }
      score += Math.max(
        Number.isNaN(title) ? 0 : title * 3,
        category ? category.score * 1.5 : 0,
        found !== -1 ? 40 : 0,
      );
    }
    if (matchedAll) scored.push({ at, score: score + usageBoost(entry) });
  }
  return highest(scored, limit).map(({ at, score }) => {
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

/**
 * The `limit` items of highest score, best first, equal scores in their given order: what a stable
 * sort and a slice give, without sorting tens of thousands of matches to show a few of them.
 */
export function highest<T extends { score: number }>(items: T[], limit: number): T[] {
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === limit && (limit === 0 || item.score <= kept[limit - 1]!.score)) continue;
    let at = kept.length;
    while (at > 0 && kept[at - 1]!.score < item.score) at -= 1;
    kept.splice(at, 0, item);
    if (kept.length > limit) kept.pop();
  }
  return kept;
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

/** A palette query split into the tags it names (`#tag`, the sign left off) and the text it searches. */
export type PaletteQuery = { tags: string[]; text: string };

/** `#word` names a tag; a lone `#` is still being typed and names nothing. */
export function parsePaletteQuery(query: string): PaletteQuery {
  const tags: string[] = [];
  const words: string[] = [];
  for (const word of query.trim().split(/\s+/).filter(Boolean)) {
    if (!word.startsWith('#')) words.push(word);
    else if (word.length > 1) tags.push(word.slice(1));
  }
  return { tags, text: words.join(' ') };
}

/**
 * The user's tag that `#typed` names: the one spelled so in any case, else the most used of those
 * it begins (A–Z among equals), so a tag is found before the whole of it is typed; null for none.
 */
export function resolveTag(typed: string, tags: readonly TagSummary[]): string | null {
  const lower = typed.toLowerCase();
  let best: TagSummary | null = null;
  for (const tag of tags) {
    const name = tag.name.toLowerCase();
    if (name === lower) return tag.name;
    if (!name.startsWith(lower)) continue;
    if (
      !best ||
      tag.count > best.count ||
      (tag.count === best.count && tag.name.localeCompare(best.name) < 0)
    )
      best = tag;
  }
  return best?.name ?? null;
}
