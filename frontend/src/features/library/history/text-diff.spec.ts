import { diffText, diffTokens, hasChanges, looksLikeCode, tokenize, type TextDiff } from './text-diff';

/** The texts a diff was made from: what is not added, and what is not removed. */
function sides(diff: TextDiff): { before: string; after: string } {
  const join = (kind: 'removed' | 'added') => {
    const texts = diff.parts.filter((part) => part.kind !== kind).map((part) => part.text);
    return texts.join(diff.mode === 'lines' ? '\n' : '');
  };
  return { before: join('added'), after: join('removed') };
}

/** The fewest tokens removed plus added, by the textbook LCS table: slow, and plainly right. */
function fewestChanges(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  return a.length + b.length - 2 * table[0]![0]!;
}

/** A small generator with a seed, so a failing case can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function randomText(next: () => number, words: string[], length: number): string {
  return Array.from({ length }, () => words[Math.floor(next() * words.length)]).join(
    next() < 0.2 ? '\n' : ' ',
  );
}

describe('diffText', () => {
  it('marks the words that changed, a changed phrase as one removal and one addition', () => {
    const diff = diffText('The quick brown fox jumps.', 'The slow red fox jumps!', 'words');
    expect(diff).toEqual({
      mode: 'words',
      whole: false,
      parts: [
        { kind: 'same', text: 'The ' },
        { kind: 'removed', text: 'quick brown' },
        { kind: 'added', text: 'slow red' },
        { kind: 'same', text: ' fox jumps' },
        { kind: 'removed', text: '.' },
        { kind: 'added', text: '!' },
      ],
    });
  });

  it('marks whole lines in code, a changed line as removed and added', () => {
    const before = 'function add(a, b) {\n  return a + b;\n}';
    const after = 'function add(a, b) {\n  // sums\n  return a - b;\n}';
    expect(diffText(before, after, 'lines')).toEqual({
      mode: 'lines',
      whole: false,
      parts: [
        { kind: 'same', text: 'function add(a, b) {' },
        { kind: 'removed', text: '  return a + b;' },
        { kind: 'added', text: '  // sums\n  return a - b;' },
        { kind: 'same', text: '}' },
      ],
    });
  });

  it('says when nothing changed', () => {
    expect(hasChanges(diffText('Same text.', 'Same text.', 'words'))).toBe(false);
    expect(diffText('Same text.', 'Same text.', 'words').parts).toEqual([
      { kind: 'same', text: 'Same text.' },
    ]);
    expect(hasChanges(diffText('', 'New', 'words'))).toBe(true);
    expect(diffText('', '', 'lines').parts).toEqual([]);
  });

  it('compares letters of any language and keeps every character', () => {
    const diff = diffText('Grüße an Zoë 👋', 'Grüße an Jürgen 👋', 'words');
    expect(diff.parts).toEqual([
      { kind: 'same', text: 'Grüße an ' },
      { kind: 'removed', text: 'Zoë' },
      { kind: 'added', text: 'Jürgen' },
      { kind: 'same', text: ' 👋' },
    ]);
  });

  it('gives back both texts exactly, and the fewest changes, for many random pairs', () => {
    const next = random(7);
    const words = ['a', 'b', 'c', 'dd', 'e,', 'f.', '  ', 'x(y);'];
    for (let round = 0; round < 300; round++) {
      const before = randomText(next, words, Math.floor(next() * 30));
      const after = randomText(next, words, Math.floor(next() * 30));
      for (const mode of ['words', 'lines'] as const) {
        const diff = diffText(before, after, mode);
        expect(diff.whole).toBe(false);
        expect(sides(diff)).toEqual({ before, after });
        const a = tokenize(before, mode);
        const b = tokenize(after, mode);
        const runs = diffTokens(a, b)!;
        const changed = runs
          .filter((run) => run.kind !== 'same')
          .reduce((total, run) => total + run.tokens.length, 0);
        expect(changed).toBe(fewestChanges(a, b));
      }
    }
  });

  it('compares by lines when there are too many changed words, and keeps both texts', () => {
    const before = 'one two three four\nkeep this line\nfive six seven eight';
    const after = 'uno dos tres cuatro\nkeep this line\ncinco seis siete ocho';
    const diff = diffText(before, after, 'words', { maxEdits: 6 });
    expect(diff.mode).toBe('lines');
    expect(diff.whole).toBe(false);
    expect(diff.parts.map((part) => part.kind)).toEqual(['removed', 'added', 'same', 'removed', 'added']);
    expect(sides(diff)).toEqual({ before, after });
  });

  it('shows the changed middle whole, between the shared start and end, past every limit', () => {
    // One change too many for the words, and for the one line too.
    const diff = diffText('Start. a b c d. End.', 'Start. w x y z. End.', 'words', { maxEdits: 1 });
    expect(diff).toEqual({
      mode: 'words',
      whole: true,
      parts: [
        { kind: 'same', text: 'Start. ' },
        { kind: 'removed', text: 'a b c d' },
        { kind: 'added', text: 'w x y z' },
        { kind: 'same', text: '. End.' },
      ],
    });
  });

  it('gives up at the work limit, not only at the number of changes', () => {
    const a = tokenize('a b c d e f g h', 'words');
    const b = tokenize('h g f e d c b a', 'words');
    expect(diffTokens(a, b, { maxWork: 10 })).toBeNull();
    expect(diffTokens(a, b)).not.toBeNull();
  });

  // 20,000 characters of random letters, by words (a space after six letters) and lines.
  function longText(next: () => number, lineEvery: number): string {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    return Array.from({ length: 20_000 }, (_, index) =>
      index % 7 === 6 ? (index % lineEvery === lineEvery - 1 ? '\n' : ' ') : letters[Math.floor(next() * 26)],
    ).join('');
  }

  it('compares two long texts that differ everywhere by lines, quickly', () => {
    const next = random(11);
    const before = longText(next, 70);
    const after = longText(next, 70);
    const started = performance.now();
    const diff = diffText(before, after, 'words');
    const took = performance.now() - started;
    expect(diff).toMatchObject({ mode: 'lines', whole: false });
    expect(sides(diff)).toEqual({ before, after });
    // Far above what it takes (under 0.1 s), far below a page that seems frozen.
    expect(took).toBeLessThan(2_000);
  });

  it('shows two long texts of short lines that differ everywhere as whole blocks, quickly', () => {
    const next = random(12);
    const before = longText(next, 7);
    const after = longText(next, 7);
    const started = performance.now();
    const diff = diffText(before, after, 'lines');
    const took = performance.now() - started;
    expect(diff.whole).toBe(true);
    expect(diff.parts.map((part) => part.kind)).toEqual(['removed', 'added']);
    expect(sides(diff)).toEqual({ before, after });
    expect(took).toBeLessThan(2_000);
  });

  it('finds a few changes in a long text at once', () => {
    const paragraph = 'Summarise the meeting notes in five bullet points for the team. ';
    const before = paragraph.repeat(300);
    const after = before.replace('five bullet', 'three short').replace(/team\. $/, 'board. ');
    const diff = diffText(before, after, 'words');
    expect(diff.whole).toBe(false);
    expect(diff.parts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'five bullet' },
      { kind: 'added', text: 'three short' },
      { kind: 'removed', text: 'team' },
      { kind: 'added', text: 'board' },
    ]);
  });
});

describe('looksLikeCode', () => {
  it('takes a fenced block for code, however much prose is around it', () => {
    expect(looksLikeCode('Explain this:\n```\nls -la\n```\nPlease be brief.')).toBe(true);
    expect(looksLikeCode('Explain this:\n~~~python\nprint(1)\n~~~')).toBe(true);
  });

  it('takes indented lines and lines with code characters for code', () => {
    expect(looksLikeCode('def add(a, b):\n    return a + b\n\nprint(add(1, 2))')).toBe(true);
    expect(looksLikeCode('const total = items.length;\nif (total > 3) {\n  warn(total);\n}')).toBe(true);
    expect(looksLikeCode('SELECT *\n  FROM prompts\n  WHERE id = 1;')).toBe(true);
  });

  it('takes prose for prose, parentheses and a stray equals sign included', () => {
    expect(looksLikeCode('Write a poem about the sea.')).toBe(false);
    expect(
      looksLikeCode(
        'You are a helpful editor (be kind).\nFix the grammar of the text below.\nKeep the tone; 2 + 2 = 4 is fine.\nReturn only the text.',
      ),
    ).toBe(false);
    // Two lines of code are too few to tell.
    expect(looksLikeCode('x = 1;\ny = 2;')).toBe(false);
  });
});
