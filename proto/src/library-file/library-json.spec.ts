import { describe, expect, it } from 'vitest';
import type { Category, Prompt } from '../library';
import type { HistoryVersion } from '../prompt-versions';
import { LIBRARY_FILE_FORMAT, type LibraryFile } from './format';
import { jsonPlan, libraryFile, libraryJson } from './library-json';
import { ImportFileError } from './plan';

const categories: Category[] = [
  { id: 1, name: 'General', position: 0 },
  { id: 7, name: 'Work: notes/plans', position: 2 },
  { id: 5, name: 'Writing', position: 1 },
];
const prompt = (id: number, overrides: Partial<Prompt> = {}): Prompt => ({
  id,
  title: `Prompt ${id}`,
  content: `Content of ${id}.`,
  categoryId: 1,
  isFavorite: 0,
  usageCount: 0,
  createdAt: `2025-01-0${id}T10:00:00.000Z`,
  updatedAt: `2025-01-0${id}T10:00:00.000Z`,
  tags: [],
  ...overrides,
});
const version = (
  promptId: number,
  number: number,
  overrides: Partial<HistoryVersion> = {},
): HistoryVersion => ({
  promptId,
  version: number,
  title: `Prompt ${promptId}`,
  content: `Content of ${promptId}, version ${number}.`,
  categoryId: 1,
  createdAt: `2025-01-0${promptId}T1${number}:00:00.000Z`,
  source: 'app',
  ...overrides,
});
const prompts = [
  prompt(3, {
    title: '=SUM(A1)',
    content: 'Formula-like, "quoted", two\nlines',
    categoryId: 7,
    usageCount: 4,
  }),
  prompt(1, { title: 'Tidy notes', isFavorite: 1, updatedAt: '2025-01-05T08:00:00.000Z' }),
  prompt(2, { title: 'Blog {{topic}}', categoryId: 5 }),
];
const versions = [
  version(3, 2, { categoryId: 7, source: 'restore' }),
  version(1, 1, { title: 'Tidy notes' }),
  version(3, 1, { categoryId: 99 }),
  version(2, 4, { categoryId: 5, source: 'import' }),
  // A prompt deleted between the reads of the prompts and of the history.
  version(8, 1),
];
const file = libraryFile({ prompts, categories, versions }, new Date('2025-02-01T00:00:00.000Z'));

describe('the JSON export', () => {
  it('writes version 2 with the categories in order and the prompts oldest first', () => {
    expect(file).toMatchObject({
      format: LIBRARY_FILE_FORMAT,
      version: 2,
      exportedAt: '2025-02-01T00:00:00.000Z',
    });
    expect(file.categories).toEqual([
      { name: 'General', position: 0, isDefault: true },
      { name: 'Writing', position: 1, isDefault: false },
      { name: 'Work: notes/plans', position: 2, isDefault: false },
    ]);
    expect(file.prompts.map((item) => [item.title, item.category, item.isFavorite, item.usageCount])).toEqual(
      [
        ['Tidy notes', 'General', true, 0],
        ['Blog {{topic}}', 'Writing', false, 0],
        ['=SUM(A1)', 'Work: notes/plans', false, 4],
      ],
    );
    expect(file.prompts[0]).toMatchObject({
      createdAt: '2025-01-01T10:00:00.000Z',
      updatedAt: '2025-01-05T08:00:00.000Z',
    });
  });

  it('gives each prompt its history oldest first, categories by name and null for one deleted since', () => {
    expect(file.prompts.map((item) => item.versions.map((entry) => [entry.version, entry.category]))).toEqual(
      [
        [[1, 'General']],
        [[4, 'Writing']],
        [
          [1, null],
          [2, 'Work: notes/plans'],
        ],
      ],
    );
    expect(file.prompts[2]!.versions[1]).toEqual({
      version: 2,
      title: 'Prompt 3',
      content: 'Content of 3, version 2.',
      category: 'Work: notes/plans',
      createdAt: '2025-01-03T12:00:00.000Z',
      source: 'restore',
    });
  });

  it('orders prompts made at the same moment by id, and writes a prompt without history with an empty one', () => {
    const same = '2025-03-01T00:00:00.000Z';
    const twins = libraryFile(
      { prompts: [prompt(9, { createdAt: same }), prompt(4, { createdAt: same })], categories, versions: [] },
      new Date(),
    );
    expect(twins.prompts.map((item) => [item.title, item.versions])).toEqual([
      ['Prompt 4', []],
      ['Prompt 9', []],
    ]);
  });

  it('reads its own file back: categories in order, General as null, dates, marks and history kept', () => {
    const plan = jsonPlan(libraryJson(file));
    expect(plan.kind).toBe('library-json');
    expect(plan.categories).toEqual(['Writing', 'Work: notes/plans']);
    expect(plan.prompts).toEqual(
      file.prompts.map((item) => ({
        title: item.title,
        content: item.content,
        category: item.category === 'General' ? null : item.category,
        isFavorite: item.isFavorite,
        usageCount: item.usageCount,
        createdAt: item.createdAt,
        updatedAt: item.updatedAt,
        versions: item.versions,
      })),
    );
    expect(plan.rows).toEqual([1, 2, 3]);
  });

  it('reads a version 1 file, which has no history', () => {
    const v1 = {
      ...file,
      version: 1,
      prompts: file.prompts.map(({ versions: _, ...rest }) => rest),
    };
    const plan = jsonPlan(JSON.stringify(v1));
    expect(plan.prompts.map((item) => [item.title, item.createdAt, item.versions])).toEqual([
      ['Tidy notes', '2025-01-01T10:00:00.000Z', undefined],
      ['Blog {{topic}}', '2025-01-02T10:00:00.000Z', undefined],
      ['=SUM(A1)', '2025-01-03T10:00:00.000Z', undefined],
    ]);
  });

  it('leaves out what the API could not take: broken versions, too long ones, odd sources and dates', () => {
    const good = file.prompts[0]!.versions[0]!;
    const edited: LibraryFile = {
      ...file,
      prompts: [
        {
          ...file.prompts[0]!,
          createdAt: 'x'.repeat(41),
          updatedAt: 7 as unknown as string,
          versions: [
            { ...good, version: 0 },
            { ...good, version: 1.5 },
            { ...good, version: 2_147_483_648 },
            { ...good, version: 2, content: 'y'.repeat(20_001) },
            { ...good, version: 3, title: 5 as unknown as string },
            null as never,
            { ...good, version: 4, source: 'sync' as never, createdAt: null as never, category: 3 as never },
            { ...good, version: 5 },
          ],
        },
      ],
    };
    const [item] = jsonPlan(JSON.stringify(edited)).prompts;
    expect(item).not.toHaveProperty('createdAt');
    expect(item).not.toHaveProperty('updatedAt');
    expect(item!.versions).toEqual([
      { ...good, version: 4, source: 'import', createdAt: '', category: null },
      { ...good, version: 5 },
    ]);
  });

  it('sends at most a Pro plan’s 1,000 newest versions of a prompt', () => {
    const good = file.prompts[0]!.versions[0]!;
    const long: LibraryFile = {
      ...file,
      prompts: [
        {
          ...file.prompts[0]!,
          versions: Array.from({ length: 1_200 }, (_, n) => ({ ...good, version: n + 1 })),
        },
      ],
    };
    const versions = jsonPlan(JSON.stringify(long)).prompts[0]!.versions!;
    expect(versions).toHaveLength(1_000);
    expect([versions[0]!.version, versions[999]!.version]).toEqual([201, 1_200]);
  });

  it('keeps back a prompt too long to send, reporting its row, and sends the others', () => {
    const long = { ...file, prompts: [{ ...file.prompts[0]!, title: 'x'.repeat(201) }, file.prompts[1]] };
    const plan = jsonPlan(JSON.stringify(long));
    expect(plan.prompts.map((item) => item.title)).toEqual(['Blog {{topic}}']);
    expect(plan.rows).toEqual([2]);
    expect(plan.invalid).toEqual([{ row: 1, title: 'x'.repeat(80) }]);
  });

  it.each([
    ['broken JSON', '{"format":', 'notJson'],
    ['JSON of something else', '{"prompts":[]}', 'notOurJson'],
    ['a version to come', JSON.stringify({ ...file, version: 3 }), 'notOurJson'],
    ['null', 'null', 'notOurJson'],
  ])('refuses %s, saying why', (_what, text, problem) => {
    expect(() => jsonPlan(text)).toThrow(new ImportFileError(problem as never));
  });
});
