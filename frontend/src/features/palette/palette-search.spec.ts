import type { PromptCard } from '@promptlib/proto';
import {
  fuzzyMatch,
  highest,
  indexPrompts,
  merge,
  mergeHits,
  parsePaletteQuery,
  resolveTag,
  searchPrompts,
  serverSearchOf,
  titleCardOf,
} from './palette-search';

let nextId = 1;
const prompt = (title: string, content = 'Some text here.', usageCount = 0): PromptCard => ({
  id: nextId++,
  title,
  preview: content,
  contentLength: content.length,
  lastUsedAt: null,
  categoryId: null,
  isFavorite: 0,
  usageCount,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  tags: [],
});

describe('serverSearchOf', () => {
  it('asks the server for the longest word of the query', () => {
    expect(serverSearchOf('  a meeting  notes ')).toBe('meeting');
    expect(serverSearchOf('')).toBe('');
  });
});

describe('tags in a query', () => {
  it('takes #words as tags and the rest as text, a lone # as nothing yet', () => {
    expect(parsePaletteQuery('  #Work weekly  #mail report ')).toEqual({
      tags: ['Work', 'mail'],
      text: 'weekly report',
    });
    expect(parsePaletteQuery('#')).toEqual({ tags: [], text: '' });
    expect(parsePaletteQuery('c# tips')).toEqual({ tags: [], text: 'c# tips' });
  });

  const tags = [
    { name: 'Email', count: 2 },
    { name: 'emergency', count: 5 },
    { name: 'Work', count: 1 },
    { name: 'workshop', count: 1 },
    { name: 'Worldwide', count: 1 },
  ];

  it('names the tag spelled so in any case, in the user’s spelling', () => {
    expect(resolveTag('WORK', tags)).toBe('Work');
    expect(resolveTag('email', tags)).toBe('Email');
  });

  it('names the most used tag a prefix begins, A–Z among equals, and none for a stranger', () => {
    expect(resolveTag('em', tags)).toBe('emergency');
    expect(resolveTag('wor', tags)).toBe('Work');
    expect(resolveTag('work', tags)).toBe('Work');
    expect(resolveTag('works', tags)).toBe('workshop');
    expect(resolveTag('x', tags)).toBeNull();
    expect(resolveTag('wo', [])).toBeNull();
  });
});

describe('the title index', () => {
  it('knows a prompt by its title alone, its text to be read when it is used', () => {
    const card = titleCardOf([7, 'Weekly review', 3, 12]);
    expect(card).toMatchObject({ id: 7, title: 'Weekly review', categoryId: 3, usageCount: 12, preview: '' });
    expect(card.contentLength).toBeGreaterThan(300);
  });

  it('is merged with the server’s cards, each prompt once at its best score, a card kept on a tie', () => {
    const category = () => 'General';
    const fromServer = indexPrompts(
      [{ ...titleCardOf([7, 'Weekly review', null, 0]), preview: 'Plan the week' }],
      category,
    );
    const fromTitles = indexPrompts(
      [titleCardOf([7, 'Weekly review', null, 0]), titleCardOf([8, 'Week notes', null, 0])],
      category,
    );
    const hits = mergeHits(
      searchPrompts(fromServer, 'week', [], 5),
      searchPrompts(fromTitles, 'week', [], 5),
    );
    expect(hits.map((hit) => hit.entry.prompt.id).sort()).toEqual([7, 8]);
    expect(hits.find((hit) => hit.entry.prompt.id === 7)!.entry.prompt.preview).toBe('Plan the week');
  });
});

describe('fuzzyMatch', () => {
  it('prefers the query in one piece, at the start of the text or of a word', () => {
    const start = fuzzyMatch('meet', 'meeting notes')!;
    const word = fuzzyMatch('note', 'meeting notes')!;
    const inside = fuzzyMatch('eting', 'meeting notes')!;
    expect(start.ranges).toEqual([[0, 4]]);
    expect(word.ranges).toEqual([[8, 12]]);
    expect(start.score).toBeGreaterThan(word.score);
    expect(word.score).toBeGreaterThan(inside.score);
  });

  it('matches letters in order, marking each run', () => {
    // Each letter at its first place after the one before.
    expect(fuzzyMatch('mtn', 'meeting notes')!.ranges).toEqual([
      [0, 1],
      [3, 4],
      [5, 6],
    ]);
    expect(fuzzyMatch('mnotes', 'meeting notes')!.ranges).toEqual([
      [0, 1],
      [5, 6],
      [9, 13],
    ]);
  });

  it('finds nothing for letters out of order, one or two letters apart, or spread too far', () => {
    expect(fuzzyMatch('nm', 'meeting notes')).toBeNull();
    expect(fuzzyMatch('mn', 'meeting notes')).toBeNull();
    expect(fuzzyMatch('abc', `a${'x'.repeat(40)}bc`)).toBeNull();
  });
});

describe('searchPrompts', () => {
  const general = 'General';
  const index = indexPrompts(
    [
      prompt('Meeting notes', 'Turn these notes into decisions, owners and dates.', 2),
      prompt('Code review', 'Review this diff for bugs and naming.', 9),
      prompt('Blog outline', 'Write an outline for a post about sourdough bread.'),
      prompt('Tweet thread', 'Summarise the meeting as five tweets.'),
    ],
    (item) => (item.title === 'Code review' ? 'Engineering' : general),
  );
  const titles = (query: string, recent: number[] = []) =>
    searchPrompts(index, query, recent, 50).map((hit) => hit.entry.prompt.title);

  it('ranks a title match above a content match, and marks the title', () => {
    expect(titles('meeting')).toEqual(['Meeting notes', 'Tweet thread']);
    const [hit] = searchPrompts(index, 'meeting', [], 50);
    expect(hit!.titleRanges).toEqual([[0, 7]]);
  });

  it('finds words in the content, with a snippet around them, marked', () => {
    const [hit] = searchPrompts(index, 'sourdough', [], 50);
    expect(hit!.entry.prompt.title).toBe('Blog outline');
    const { text, ranges } = hit!.snippet;
    expect(text.slice(ranges[0]![0], ranges[0]![1])).toBe('sourdough');
  });

  it('matches the category by name', () => {
    expect(titles('engineer')).toEqual(['Code review']);
  });

  it('needs every word to match somewhere', () => {
    expect(titles('notes dates')).toEqual(['Meeting notes']);
    expect(titles('notes sourdough')).toEqual([]);
  });

  it('puts prompts used recently on this device first, then the most used, for an empty query', () => {
    expect(titles('')).toEqual(['Code review', 'Meeting notes', 'Blog outline', 'Tweet thread']);
    expect(titles('', [index.entries[3]!.prompt.id, index.entries[2]!.prompt.id])).toEqual([
      'Tweet thread',
      'Blog outline',
      'Code review',
      'Meeting notes',
    ]);
  });

  it('answers the same, typing letter by letter and back, as a fresh index does', () => {
    const contents = [
      'the sourdough starter',
      'sour cream',
      'a sour note, then sourdough',
      'dough only',
      'SOURDOUGH',
    ];
    const typed = indexPrompts(
      contents.map((content, n) => prompt(`Title ${n}`, content)),
      () => general,
    );
    const fresh = () =>
      indexPrompts(
        typed.entries.map((entry) => entry.prompt),
        () => general,
      );
    const found = (from: typeof typed, query: string) =>
      searchPrompts(from, query, [], 50)
        .map((hit) => `${hit.entry.prompt.preview}|${hit.snippet.ranges.join(';')}`)
        .sort();
    for (const query of [
      'so',
      'sou',
      'sour',
      'sourd',
      'sourdough',
      'sourdoughs',
      'sourdough',
      'sour',
      'dough',
      'sour dough',
    ]) {
      expect(found(typed, query)).toEqual(found(fresh(), query));
    }
    expect(found(typed, 'sourdough')).toHaveLength(3);
  });

  it('matches titles the same, typing letters in order and correcting them, as a fresh index does', () => {
    const titleList = [
      'Prompt 42: quarterly revenue',
      'Product review prompt',
      'prmpt',
      'Pr mpt (spread out)',
      'plain words, and much later: r m p t',
      'Quarterly report',
      'Revenue per quarter',
      'QUARTERLY',
    ];
    const typed = indexPrompts(
      titleList.map((title) => prompt(title, '')),
      () => general,
    );
    const found = (from: typeof typed, query: string) =>
      searchPrompts(from, query, [], 50).map(
        (hit) => `${hit.entry.prompt.title}|${hit.score}|${hit.titleRanges.join(';')}`,
      );
    const queries = ['p', 'pr', 'prm', 'prmp', 'prmpt', 'prmpt 4', 'prmpt 42', 'prmpt', 'prm', 'pr'];
    queries.push('q', 'qu', 'qtr', 'qtrl', 'qtr', 'qtr r', 'qtr rev', 'qtr re', 'quarterly');
    for (const query of queries) {
      const fresh = indexPrompts(
        typed.entries.map((entry) => entry.prompt),
        () => general,
      );
      expect(found(typed, query)).toEqual(found(fresh, query));
    }
    expect(found(typed, 'prmpt').map((line) => line.split('|')[0])).toEqual([
      'prmpt',
      'Pr mpt (spread out)',
      'Prompt 42: quarterly revenue',
      'Product review prompt',
    ]);
  });

  it('answers at most the limit', () => {
    expect(searchPrompts(index, '', [], 2)).toHaveLength(2);
  });

  it('keeps a title unmarked where lower-casing moves its letters', () => {
    const [hit] = searchPrompts(
      indexPrompts([prompt('İstanbul trip')], () => general),
      'trip',
      [],
      5,
    );
    expect(hit!.titleRanges).toEqual([]);
  });
});

describe('highest', () => {
  it('keeps what a stable sort by score and a slice keep, in that order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const limit of [0, 1, 3, 25]) {
      const items = Array.from({ length: 200 }, (_, n) => ({ n, score: Math.floor(random() * 20) }));
      const sorted = [...items].sort((a, b) => b.score - a.score).slice(0, limit);
      expect(highest(items, limit)).toEqual(sorted);
    }
  });
});

describe('merge', () => {
  it('joins touching and overlapping ranges in order', () => {
    expect(
      merge([
        [5, 7],
        [0, 2],
        [2, 3],
        [6, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
  });
});
