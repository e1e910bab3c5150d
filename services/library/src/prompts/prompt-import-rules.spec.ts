import { describe, expect, it } from 'vitest';
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

const now = new Date('2026-11-27T12:00:00.000Z');

const candidates = (...items: Partial<ImportItem>[]): (ImportCandidate | null)[] =>
  items.map((fields) => importCandidate(item(fields), now));

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
      importCandidate(item({ title: '  Hello  ', content: '  code\n  indented ', category: ' Work ' }), now),
    ).toEqual({
      title: 'Hello',
      content: '  code\n  indented ',
      category: 'Work',
      isFavorite: false,
      usageCount: 0,
      createdAt: now,
      updatedAt: now,
      versions: [],
      currentVersion: undefined,
      tags: [],
    });
  });

  it('keeps the dates an export wrote, and takes one that is missing, broken or ahead as now', () => {
    const dated = importCandidate(
      item({ createdAt: '2024-01-02T03:04:05.678Z', updatedAt: '2025-06-07T08:09:10.111Z' }),
      now,
    );
    expect(dated).toMatchObject({
      createdAt: new Date('2024-01-02T03:04:05.678Z'),
      updatedAt: new Date('2025-06-07T08:09:10.111Z'),
    });
    expect(
      importCandidate(item({ createdAt: 'yesterday', updatedAt: '2099-01-01T00:00:00Z' }), now),
    ).toMatchObject({ createdAt: now, updatedAt: now });
    // A change never comes before the creation.
    expect(
      importCandidate(item({ createdAt: '2025-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' }), now),
    ).toMatchObject({
      createdAt: new Date('2025-01-01T00:00:00Z'),
      updatedAt: new Date('2025-01-01T00:00:00Z'),
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
      expect({ fields, candidate: importCandidate(item(fields), now) }).toEqual({ fields, candidate: null });
    }
    expect(importCandidate(item({ content: 'Line one\n\tLine two\r\n' }), now)).not.toBeNull();
  });

  it('compares text exactly but for its ends: case and the whitespace inside matter', () => {
    expect(comparableText('  Write A\n\n  haiku\tabout  RAIN ')).toBe('Write A\n\n  haiku\tabout  RAIN');
    expect(duplicateKey('general', 'Haiku ', '\nWrite one. ')).toBe(
      duplicateKey('general', 'Haiku', 'Write one.'),
    );
    expect(duplicateKey('general', 'Hello World', 'Say it.')).not.toBe(
      duplicateKey('general', 'hello world', 'Say it.'),
    );
    expect(duplicateKey('general', 'Python snippet', 'def f():\n    return 1')).not.toBe(
      duplicateKey('general', 'Python snippet', 'def f():\n  return 1'),
    );
    expect(duplicateKey('work', 'Haiku', 'Write one.')).not.toBe(
      duplicateKey('general', 'Haiku', 'Write one.'),
    );
  });

  it('skips a prompt already in its category, and one imported earlier in the same page', () => {
    const plan = planImport(
      [],
      candidates(
        { title: 'Old one', content: 'Kept text.\n' },
        { title: 'old ONE', content: 'kept text.' },
        { title: 'New one', content: 'Fresh text.' },
        { title: 'New one ', content: ' Fresh text. ' },
        { title: 'New one', content: 'Fresh text.', category: 'General' },
        { title: 'New one', content: 'Fresh  text.' },
      ),
      state({ existingPrompts: new Set([duplicateKey('general', 'Old one', 'Kept text.')]) }),
    );
    expect(outcomes(plan)).toEqual(['duplicate', 'import', 'import', 'duplicate', 'duplicate', 'import']);
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

  it('restores the favourite mark, the use count, the dates and the history', () => {
    const versions = [
      {
        version: 3,
        title: 'A title',
        content: 'Some content.',
        category: null,
        createdAt: '2025-01-01T00:00:00.000Z',
        source: 'app' as const,
      },
    ];
    const plan = planImport(
      [],
      candidates({ isFavorite: true, usageCount: 42, createdAt: '2025-01-01T00:00:00.000Z', versions }),
      state(),
    );
    expect(plan.prompts).toEqual([
      {
        status: 'import',
        categoryKey: 'general',
        title: 'A title',
        content: 'Some content.',
        isFavorite: true,
        usageCount: 42,
        createdAt: new Date('2025-01-01T00:00:00.000Z'),
        updatedAt: new Date('2025-01-01T00:00:00.000Z'),
        versions,
        currentVersion: undefined,
        tags: [],
      },
    ]);
  });
});
