import { describe, expect, it } from 'vitest';
import { importPlan } from './import-plan';
import { ImportFileError, promptsOutsideGeneral } from './plan';

describe('importPlan', () => {
  it('reads a file by its name, or JSON by its first brace', () => {
    const json = JSON.stringify({ format: 'prompt-library', version: 1, categories: [], prompts: [] });
    expect(importPlan('library.json', json).kind).toBe('library-json');
    expect(importPlan('export.txt', `\uFEFF  ${json}`).kind).toBe('library-json');
    expect(importPlan('library.csv', 'title,content\nA title,Some text\n').kind).toBe('library-csv');
    expect(importPlan('prompts.csv', 'act,prompt\nPoet,Write a poem\n').kind).toBe('prompts-chat-csv');
    expect(importPlan('Haiku.MD', '{not json}').prompts).toEqual([
      { title: 'Haiku', content: '{not json}', category: null, isFavorite: false, usageCount: 0 },
    ]);
  });

  it.each([
    ['broken JSON', 'a.json', '{"format":', 'notJson'],
    ['JSON of something else', 'a.json', '{"prompts":[]}', 'notOurJson'],
    ['a CSV without the columns', 'a.csv', 'name,text\nx,y\n', 'unknownCsv'],
  ] as const)('refuses %s, saying why', (_what, name, text, problem) => {
    expect(() => importPlan(name, text)).toThrow(new ImportFileError(problem));
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
