import type { ImportItem } from '@promptlib/proto';
import {
  comparableText,
  duplicateKey,
  importCandidate,
  planImport,
  type ImportCandidate,
  type ImportState,
} from './prompt-import-rules';

const item = (fields: Partial<ImportItem> = {}): ImportItem => ({
  title: 'A title',
  content: 'Some content.',
  category: null,
  isFavorite: false,
  usageCount: 0,
  ...fields,
});

const candidates = (...items: Partial<ImportItem>[]): (ImportCandidate | null)[] =>
  items.map((fields) => importCandidate(item(fields)));

const state = (fields: Partial<ImportState> = {}): ImportState => ({
  keyOf: (name) => name.toLowerCase(),
  generalKey: 'general',
  existingCategories: new Set(['general']),
  existingPrompts: new Set(),
  onlyGeneral: false,
  categoryRoom: 0,
  promptRoom: 5,
  ...fields,
});

const outcomes = (plan: ReturnType<typeof planImport>) =>
  plan.prompts.map((prompt) => (prompt.status === 'import' ? 'import' : prompt.reason));

describe('import rules', () => {
  it('keeps an item as create would store it: the title trimmed, the content as written', () => {
    expect(
      importCandidate(item({ title: '  Hello  ', content: '  code\n  indented ', category: ' Work ' })),
    ).toEqual({
      title: 'Hello',
      content: '  code\n  indented ',
      category: 'Work',
      isFavorite: false,
      usageCount: 0,
    });
  });

  it('finds invalid what create refuses: lengths, control characters, a bad category name', () => {
    for (const fields of [
      { title: 'ab' },
      { title: 'x'.repeat(201) },
      { content: '   1234   ' },
      { content: 'y'.repeat(20_001) },
      { title: 'Bell\u0007 title' },
      { content: 'Lone \ud800 half' },
      { category: 'x' },
      { category: 'y'.repeat(51) },
      { category: 'Tab\tname' },
    ]) {
      expect({ fields, candidate: importCandidate(item(fields)) }).toEqual({ fields, candidate: null });
    }
    expect(importCandidate(item({ content: 'Line one\n\tLine two\r\n' }))).not.toBeNull();
  });

  it('compares text trimmed, with runs of whitespace as one space, ignoring case', () => {
    expect(comparableText('  Write A\n\n  haiku\tabout  RAIN ')).toBe('write a haiku about rain');
    expect(duplicateKey('general', 'Haiku ', 'Write  one.')).toBe(
      duplicateKey('general', 'haiku', 'write one.'),
    );
    expect(duplicateKey('work', 'Haiku', 'Write one.')).not.toBe(
      duplicateKey('general', 'Haiku', 'Write one.'),
    );
  });

  it('skips a prompt already in its category, and one imported earlier in the same page', () => {
    const plan = planImport(
      [],
      candidates(
        { title: 'Old one', content: 'Kept  text.' },
        { title: 'old ONE', content: 'kept text.' },
        { title: 'New one', content: 'Fresh text.' },
        { title: 'new one ', content: ' Fresh   text. ' },
        { title: 'New one', content: 'Fresh text.', category: 'General' },
      ),
      state({ existingPrompts: new Set([duplicateKey('general', 'Old one', 'Kept text.')]) }),
    );
    expect(outcomes(plan)).toEqual(['duplicate', 'duplicate', 'import', 'duplicate', 'duplicate']);
  });

  it('is no duplicate when the same text goes to another category', () => {
    const plan = planImport(
      [],
      candidates(
        { title: 'Same', content: 'Same text.' },
        { title: 'Same', content: 'Same text.', category: 'Work' },
      ),
      state({ existingCategories: new Set(['general', 'work']) }),
    );
    expect(outcomes(plan)).toEqual(['import', 'import']);
    expect(plan.prompts[1]).toMatchObject({ categoryKey: 'work' });
  });

  it('imports up to the prompt room and skips the rest as prompt-limit, duplicates and invalid ones still named so', () => {
    const plan = planImport(
      [],
      candidates(
        ...Array.from({ length: 7 }, (_, n) => ({ title: `Prompt ${n}`, content: 'Text of it.' })),
        { title: 'Prompt 0', content: 'Text of it.' },
        { title: 'no' },
      ),
      state({ promptRoom: 5 }),
    );
    expect(outcomes(plan)).toEqual([
      'import',
      'import',
      'import',
      'import',
      'import',
      'prompt-limit',
      'prompt-limit',
      'duplicate',
      'invalid',
    ]);
  });

  it('creates missing categories in the page’s order within the category room, and skips the rest with their prompts', () => {
    const plan = planImport(
      ['Work', 'general', 'Ideas', 'work', 'x', 'Later'],
      candidates(
        { title: 'In work', content: 'Text here.', category: 'WORK' },
        { title: 'In later', content: 'Text here.', category: 'Later' },
        { title: 'In new', content: 'Text here.', category: 'Unlisted' },
        { title: 'In general', content: 'Text here.', category: null },
      ),
      state({ categoryRoom: 2 }),
    );
    expect(plan.categories).toEqual([
      { name: 'Work', status: 'created' },
      { name: 'general', status: 'existing' },
      { name: 'Ideas', status: 'created' },
      { name: 'work', status: 'existing' },
      { name: 'x', status: 'skipped', reason: 'invalid' },
      { name: 'Later', status: 'skipped', reason: 'category-limit' },
    ]);
    expect(plan.newCategories).toEqual([
      { name: 'Work', key: 'work' },
      { name: 'Ideas', key: 'ideas' },
    ]);
    expect(outcomes(plan)).toEqual(['import', 'category-limit', 'category-limit', 'import']);
  });

  it('creates a category only an item names, after the listed ones', () => {
    const plan = planImport(
      ['Listed'],
      candidates({ title: 'Named', content: 'Text here.', category: 'Only here' }),
      state({ categoryRoom: 5 }),
    );
    expect(plan.newCategories.map((category) => category.name)).toEqual(['Listed', 'Only here']);
    expect(outcomes(plan)).toEqual(['import']);
  });

  it('gives an account without category room its existing categories only', () => {
    const plan = planImport(
      ['New'],
      candidates(
        { title: 'Kept', content: 'Text here.', category: 'Old' },
        { title: 'Refused', content: 'Text here.', category: 'New' },
      ),
      state({ existingCategories: new Set(['general', 'old']) }),
    );
    expect(plan.categories).toEqual([{ name: 'New', status: 'skipped', reason: 'category-limit' }]);
    expect(plan.newCategories).toEqual([]);
    expect(outcomes(plan)).toEqual(['import', 'category-limit']);
  });

  it('gives a free account General alone, even where it kept a category from its Pro days: every prompt goes there, as create puts it', () => {
    const plan = planImport(
      ['Old', 'General', 'New'],
      candidates(
        { title: 'In General', content: 'Text here.' },
        { title: 'Named General', content: 'Text here.', category: 'general' },
        { title: 'In Old', content: 'Text here.', category: 'Old' },
        { title: 'In New', content: 'Text here.', category: 'New' },
        // The same text as the first, named for another category: in General, it is the first's duplicate.
        { title: 'In General', content: 'Text here.', category: 'New' },
      ),
      state({ existingCategories: new Set(['general', 'old']), onlyGeneral: true }),
    );
    expect(plan.categories).toEqual([
      { name: 'Old', status: 'skipped', reason: 'category-limit' },
      { name: 'General', status: 'existing' },
      { name: 'New', status: 'skipped', reason: 'category-limit' },
    ]);
    expect(plan.newCategories).toEqual([]);
    expect(outcomes(plan)).toEqual(['import', 'import', 'import', 'import', 'duplicate']);
    expect(plan.prompts.map((prompt) => (prompt.status === 'import' ? prompt.categoryKey : null))).toEqual([
      'general',
      'general',
      'general',
      'general',
      null,
    ]);
  });

  it('restores the favourite mark and the use count', () => {
    const plan = planImport([], candidates({ isFavorite: true, usageCount: 42 }), state());
    expect(plan.prompts).toEqual([
      {
        status: 'import',
        categoryKey: 'general',
        title: 'A title',
        content: 'Some content.',
        isFavorite: true,
        usageCount: 42,
      },
    ]);
  });
});
