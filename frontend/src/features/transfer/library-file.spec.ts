import type { Category, Prompt } from '@promptlib/proto';
import {
  importPlan,
  ImportFileError,
  libraryCsv,
  libraryFile,
  markdownFiles,
  promptsOutsideGeneral,
} from './library-file';

const categories: Category[] = [
  { id: 1, name: 'General', position: 0 },
  { id: 7, name: 'Work: notes/plans', position: 2 },
  { id: 5, name: 'Writing', position: 1 },
];
const prompt = (id: number, overrides: Partial<Prompt>): Prompt => ({
  id,
  title: `Prompt ${id}`,
  content: `Content of ${id}.`,
  categoryId: 1,
  isFavorite: 0,
  usageCount: 0,
  createdAt: `2025-01-0${id}T10:00:00.000Z`,
  updatedAt: `2025-01-0${id}T10:00:00.000Z`,
  ...overrides,
});
const prompts = [
  prompt(3, {
    title: '=SUM(A1)',
    content: 'Formula-like, "quoted", two\nlines',
    categoryId: 7,
    usageCount: 4,
  }),
  prompt(1, { title: 'Tidy notes', isFavorite: 1 }),
  prompt(2, { title: 'Blog {{topic}}', categoryId: 5 }),
];
const file = libraryFile(prompts, categories, new Date('2025-02-01T00:00:00.000Z'));

describe('the export', () => {
  it('writes JSON with the categories in order and the prompts oldest first', () => {
    expect(file.categories.map((category) => [category.name, category.isDefault])).toEqual([
      ['General', true],
      ['Writing', false],
      ['Work: notes/plans', false],
    ]);
    expect(file.prompts.map((item) => [item.title, item.category, item.isFavorite, item.usageCount])).toEqual(
      [
        ['Tidy notes', 'General', true, 0],
        ['Blog {{topic}}', 'Writing', false, 0],
        ['=SUM(A1)', 'Work: notes/plans', false, 4],
      ],
    );
  });

  it('imports its own JSON back as the same prompts, categories in order, General as null', () => {
    const plan = importPlan('library.json', JSON.stringify(file));
    expect(plan.kind).toBe('library-json');
    expect(plan.categories).toEqual(['Writing', 'Work: notes/plans']);
    expect(plan.prompts).toEqual(
      file.prompts.map((item) => ({
        title: item.title,
        content: item.content,
        category: item.category === 'General' ? null : item.category,
        isFavorite: item.isFavorite,
        usageCount: item.usageCount,
      })),
    );
    expect(plan.rows).toEqual([1, 2, 3]);
  });

  it('writes CSV that a spreadsheet will not run as formulas, and imports it back the same', () => {
    const csv = libraryCsv(file);
    expect(csv.split('\r\n')[0]).toBe('title,content,category,favorite,usage_count,created_at,updated_at');
    expect(csv).toContain("'=SUM(A1)");
    const plan = importPlan('library.csv', csv);
    expect(plan.kind).toBe('library-csv');
    expect(plan.categories).toEqual(['Writing', 'Work: notes/plans']);
    expect(
      plan.prompts.map((item) => [item.title, item.content, item.category, item.isFavorite, item.usageCount]),
    ).toEqual(
      file.prompts.map((item) => [
        item.title,
        item.content,
        item.category === 'General' ? null : item.category,
        item.isFavorite,
        item.usageCount,
      ]),
    );
  });

  it('writes one Markdown file per prompt with front matter, in a folder per category, names safe and unique', () => {
    const twice = libraryFile([...prompts, prompt(4, { title: 'Tidy notes' })], categories, new Date());
    const files = markdownFiles(twice);
    expect(files.map((item) => item.path)).toEqual([
      'General/Tidy notes.md',
      'Writing/Blog {{topic}}.md',
      'Work  notes plans/=SUM(A1).md'.replace('  ', ' '),
      'General/Tidy notes (2).md',
    ]);
    expect(files[2]!.text).toBe(
      [
        '---',
        'title: "=SUM(A1)"',
        'category: "Work: notes/plans"',
        'favorite: false',
        'usage_count: 4',
        'created_at: "2025-01-03T10:00:00.000Z"',
        'updated_at: "2025-01-03T10:00:00.000Z"',
        '---',
        '',
        'Formula-like, "quoted", two\nlines',
        '',
      ].join('\n'),
    );
  });
});

describe('importPlan', () => {
  it('reads the prompts.chat CSV: act is the title, prompt the content, all in General', () => {
    const plan = importPlan(
      'prompts.csv',
      'act,prompt,for_devs\n"Linux Terminal","I want you to act as a linux terminal.",TRUE\nPoet,"Write a poem, please.",FALSE\n',
    );
    expect(plan.kind).toBe('prompts-chat-csv');
    expect(plan.prompts).toEqual([
      {
        title: 'Linux Terminal',
        content: 'I want you to act as a linux terminal.',
        category: null,
        isFavorite: false,
        usageCount: 0,
      },
      { title: 'Poet', content: 'Write a poem, please.', category: null, isFavorite: false, usageCount: 0 },
    ]);
  });

  it('keeps back rows too long to send, reporting their row', () => {
    const plan = importPlan('x.csv', `title,content\nOk title,Fine content\nLong,${'x'.repeat(20_001)}\n`);
    expect(plan.prompts.map((item) => item.title)).toEqual(['Ok title']);
    expect(plan.invalid).toEqual([{ row: 2, title: 'Long' }]);
  });

  it.each([
    ['broken JSON', 'a.json', '{"format":', 'notJson'],
    ['JSON of something else', 'a.json', '{"prompts":[]}', 'notOurJson'],
    ['a CSV without the columns', 'a.csv', 'name,text\nx,y\n', 'unknownCsv'],
    ['a CSV with a quote left open', 'a.csv', 'title,content\n"x,y\n', 'brokenCsv'],
  ])('refuses %s, saying why', (_what, name, text, reason) => {
    expect(() => importPlan(name, text)).toThrow(new ImportFileError(reason));
  });
});

describe('promptsOutsideGeneral', () => {
  it('counts the prompts that name a category other than General, whatever its spacing and case', () => {
    const item = (category: string | null) => ({
      title: 'A title',
      content: 'Some text.',
      category,
      isFavorite: false,
      usageCount: 0,
    });
    const prompts = [
      item(null),
      item('General'),
      item(' general '),
      item('Work'),
      item('work'),
      item('Ideas'),
    ];
    expect(promptsOutsideGeneral({ prompts })).toBe(3);
    expect(promptsOutsideGeneral({ prompts: [item(null)] })).toBe(0);
  });
});
