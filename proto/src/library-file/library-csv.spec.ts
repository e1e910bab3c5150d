import { describe, expect, it } from 'vitest';
import { csvPlan, libraryCsv } from './library-csv';
import { sampleEntry, sampleFile } from './sample-files';
import { ImportFileError } from './plan';

const entry = sampleEntry;
const fileOf = sampleFile;

describe('the CSV export', () => {
  it('writes a header and one row per prompt, and reads back every field it carries', () => {
    const file = fileOf([
      entry('Tidy notes', { isFavorite: true, usageCount: 3 }),
      entry('Review, "quoted"', {
        content: 'Two\nlines,\r\nand CRLF',
        category: 'Work: notes',
        tags: ['Writing', 'café ☕', '=not a formula'],
      }),
    ]);
    const csv = libraryCsv(file);
    expect(csv.split('\r\n')[0]).toBe(
      'title,content,category,favorite,usage_count,created_at,updated_at,tags',
    );
    const plan = csvPlan(csv);
    expect(plan.kind).toBe('library-csv');
    expect(plan.categories).toEqual(['Work: notes']);
    expect(plan.prompts).toEqual([
      {
        title: 'Tidy notes',
        content: 'The text of Tidy notes.',
        category: null,
        isFavorite: true,
        usageCount: 3,
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: '2025-01-02T10:00:00.000Z',
      },
      {
        title: 'Review, "quoted"',
        content: 'Two\nlines,\r\nand CRLF',
        category: 'Work: notes',
        isFavorite: false,
        usageCount: 0,
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: '2025-01-02T10:00:00.000Z',
        tags: ['Writing', 'café ☕', '=not a formula'],
      },
    ]);
  });

  it.each([
    ['=SUM(A1)'],
    ['+1 more'],
    ['-minus'],
    ['@mention'],
    ['\tTabbed in'],
    ['\rCarriage'],
    ["'quoted by the user"],
    ["''twice"],
    ["'=already guarded by the user"],
    ['plain text'],
    ['a = b'],
  ])('keeps %j text in a spreadsheet and reads it back exactly', (value) => {
    const csv = libraryCsv(fileOf([entry(value, { content: value, category: value })]));
    const cells = csv.split('\r\n')[1]!;
    if (/^[=+\-@\t\r']/.test(value)) expect(cells).toMatch(/^"?'/);
    const [item] = csvPlan(csv).prompts;
    expect([item!.title, item!.content, item!.category]).toEqual([value, value, value.trim()]);
  });

  it('takes a quote off only where an export put one: before = + - @ tab, CR or a quote', () => {
    const plan = csvPlan(['title,content,category', "'=A1,'hello,'Work", "'-1,''quoted,"].join('\n'));
    expect(plan.prompts.map((item) => [item.title, item.content, item.category])).toEqual([
      ['=A1', "'hello", "'Work"],
      ['-1', "'quoted", null],
    ]);
  });

  it('leaves out dates a row does not have or the API would not take', () => {
    const plan = csvPlan(
      `title,content,created_at,updated_at\nOne,Text one,,\nTwo,Text two,${'9'.repeat(41)},  2024-05-01T00:00:00Z  \n`,
    );
    expect(plan.prompts[0]).not.toHaveProperty('createdAt');
    expect(plan.prompts[0]).not.toHaveProperty('updatedAt');
    expect(plan.prompts[1]).not.toHaveProperty('createdAt');
    expect(plan.prompts[1]!.updatedAt).toBe('2024-05-01T00:00:00Z');
  });

  it('reads a CSV of title and content alone, names any case, General in any spelling as General', () => {
    const plan = csvPlan('Title,CONTENT,Category\nA title,Some text,general \nB title,More text,Ideas\n');
    expect(plan.prompts.map((item) => item.category)).toEqual([null, 'Ideas']);
    expect(plan.categories).toEqual(['Ideas']);
  });
});

describe('csvPlan', () => {
  it('reads the prompts.chat CSV: act is the title, prompt the content, all in General, as written', () => {
    const plan = csvPlan(
      'act,prompt,for_devs\n"Linux Terminal","I want you to act as a linux terminal.",TRUE\nPoet,"\'=Write a poem, please.",FALSE\n',
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
      { title: 'Poet', content: "'=Write a poem, please.", category: null, isFavorite: false, usageCount: 0 },
    ]);
  });

  it('keeps back rows too long to send, reporting their row', () => {
    const plan = csvPlan(`title,content\nOk title,Fine content\nLong,${'x'.repeat(20_001)}\n`);
    expect(plan.prompts.map((item) => item.title)).toEqual(['Ok title']);
    expect(plan.invalid).toEqual([{ row: 2, title: 'Long' }]);
  });

  it('keeps back a row whose control characters would take more than a page', () => {
    const plan = csvPlan(`title,content\nBells,${'\u0007'.repeat(20_000)}\nOk title,Fine content\n`);
    expect(plan.prompts.map((item) => item.title)).toEqual(['Ok title']);
    expect(plan.rows).toEqual([2]);
    expect(plan.invalid).toEqual([{ row: 1, title: 'Bells' }]);
  });

  it.each([
    ['a CSV without the columns', 'name,text\nx,y\n', 'unknownCsv'],
    ['a CSV with a quote left open', 'title,content\n"x,y\n', 'brokenCsv'],
  ] as const)('refuses %s, saying why', (_what, text, problem) => {
    expect(() => csvPlan(text)).toThrow(new ImportFileError(problem));
  });
});
