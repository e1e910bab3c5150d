import type { ImportItem } from '../library';
import { parseCsv, toCsv } from './csv';
import { isGeneralName, type LibraryFile } from './format';
import { countOf, ImportFileError, momentOf, planOf, type ImportPlan } from './plan';

export const CSV_COLUMNS = [
  'title',
  'content',
  'category',
  'favorite',
  'usage_count',
  'created_at',
  'updated_at',
  'tags',
] as const;

// Tags share one cell, a comma between two (no tag holds a comma).
const TAG_SEPARATOR = ', ';

// A spreadsheet runs a cell that starts with one of = + - @ tab or CR as a formula: a quote in front
// keeps it text there. A value that starts with a quote gets one too, so the import, which takes
// off one quote before any of these, gives back the user's own quote as well.
const GUARDED_START = /^[=+\-@\t\r']/;
const guardFormula = (value: string) => (GUARDED_START.test(value) ? `'${value}` : value);
const unguardFormula = (value: string) => (/^'[=+\-@\t\r']/.test(value) ? value.slice(1) : value);

/** One row per prompt, oldest first, with the columns of CSV_COLUMNS. */
export function libraryCsv(file: LibraryFile): string {
  return toCsv([
    [...CSV_COLUMNS],
    ...file.prompts.map((prompt) =>
      [
        prompt.title,
        prompt.content,
        prompt.category,
        String(prompt.isFavorite),
        String(prompt.usageCount),
        prompt.createdAt,
        prompt.updatedAt,
        prompt.tags.join(TAG_SEPARATOR),
      ].map(guardFormula),
    ),
  ]);
}

/** Reads our CSV or the prompts.chat CSV (`act,prompt`). */
export function csvPlan(text: string): ImportPlan {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch {
    throw new ImportFileError('brokenCsv');
  }
  const [header = [], ...body] = rows;
  const columns = header.map((name) => name.trim().toLowerCase());
  const column = (name: string) => columns.indexOf(name);
  if (column('title') !== -1 && column('content') !== -1) {
    const at = (row: string[], name: string) =>
      column(name) === -1 ? '' : unguardFormula(row[column(name)] ?? '');
    const categories: string[] = [];
    const items = body.map((row): ImportItem => {
      const category = at(row, 'category').trim();
      const named = category !== '' && !isGeneralName(category);
      if (named && !categories.includes(category)) categories.push(category);
      const createdAt = momentOf(at(row, 'created_at').trim());
      const updatedAt = momentOf(at(row, 'updated_at').trim());
      const tags = at(row, 'tags')
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
      return {
        title: at(row, 'title'),
        content: at(row, 'content'),
        category: named ? category : null,
        isFavorite: ['true', '1', 'yes'].includes(at(row, 'favorite').trim().toLowerCase()),
        usageCount: countOf(Number(at(row, 'usage_count').trim() || 0)),
        ...(createdAt === undefined ? {} : { createdAt }),
        ...(updatedAt === undefined ? {} : { updatedAt }),
        ...(tags.length === 0 ? {} : { tags }),
      };
    });
    return planOf('library-csv', categories, items);
  }
  if (column('act') !== -1 && column('prompt') !== -1) {
    const items = body.map((row) => ({
      title: row[column('act')] ?? '',
      content: row[column('prompt')] ?? '',
      category: null,
      isFavorite: false,
      usageCount: 0,
    }));
    return planOf('prompts-chat-csv', [], items);
  }
  throw new ImportFileError('unknownCsv');
}
