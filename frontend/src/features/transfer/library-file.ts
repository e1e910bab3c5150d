import { limits, type Category, type ImportItem, type Prompt } from '@promptlib/proto';
import { isGeneral } from '../library/prompt-selection';
import { parseCsv, toCsv } from './csv';

/**
 * The library in open formats. JSON is lossless (categories in their order, favourites, use counts,
 * dates); CSV is one row per prompt for spreadsheets; Markdown is one file per prompt with YAML
 * front matter. Prompts are written oldest first, so an import adds them in their original order.
 */
export const LIBRARY_FILE_FORMAT = 'prompt-library';
export const LIBRARY_FILE_VERSION = 1;

export type LibraryFile = {
  format: typeof LIBRARY_FILE_FORMAT;
  version: typeof LIBRARY_FILE_VERSION;
  exportedAt: string;
  categories: { name: string; position: number; isDefault: boolean }[];
  prompts: {
    title: string;
    content: string;
    category: string;
    isFavorite: boolean;
    usageCount: number;
    createdAt: string;
    updatedAt: string;
  }[];
};

export const CSV_COLUMNS = [
  'title',
  'content',
  'category',
  'favorite',
  'usage_count',
  'created_at',
  'updated_at',
];

export function libraryFile(prompts: Prompt[], categories: Category[], now: Date): LibraryFile {
  const general = categories.find(isGeneral);
  const nameOf = new Map(categories.map((category) => [category.id, category.name]));
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    format: LIBRARY_FILE_FORMAT,
    version: LIBRARY_FILE_VERSION,
    exportedAt: now.toISOString(),
    categories: ordered.map((category) => ({
      name: category.name,
      position: category.position,
      isDefault: category.id === general?.id,
    })),
    prompts: oldestFirst(prompts).map((prompt) => ({
      title: prompt.title,
      content: prompt.content,
      category: (prompt.categoryId !== null && nameOf.get(prompt.categoryId)) || general?.name || 'General',
      isFavorite: prompt.isFavorite === 1,
      usageCount: prompt.usageCount,
      createdAt: prompt.createdAt,
      updatedAt: prompt.updatedAt,
    })),
  };
}

function oldestFirst(prompts: Prompt[]): Prompt[] {
  return [...prompts].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

// A spreadsheet runs a cell that starts with one of these as a formula: a quote in front keeps it
// text there, and the import takes it off again.
const FORMULA_START = /^[=+\-@\t\r]/;
const guardFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const unguardFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function libraryCsv(file: LibraryFile): string {
  return toCsv([
    CSV_COLUMNS,
    ...file.prompts.map((prompt) =>
      [
        prompt.title,
        prompt.content,
        prompt.category,
        String(prompt.isFavorite),
        String(prompt.usageCount),
        prompt.createdAt,
        prompt.updatedAt,
      ].map(guardFormula),
    ),
  ]);
}

/** One Markdown file per prompt, in a folder per category, names unique and safe on every system. */
export function markdownFiles(file: LibraryFile): { path: string; text: string }[] {
  const used = new Set<string>();
  return file.prompts.map((prompt) => {
    const folder = safeName(prompt.category) || 'General';
    const base = `${folder}/${safeName(prompt.title) || 'prompt'}`;
    let path = `${base}.md`;
    for (let n = 2; used.has(path.toLowerCase()); n += 1) path = `${base} (${n}).md`;
    used.add(path.toLowerCase());
    // JSON strings are YAML's double-quoted scalars: every title reads back exactly.
    const frontMatter = [
      '---',
      `title: ${JSON.stringify(prompt.title)}`,
      `category: ${JSON.stringify(prompt.category)}`,
      `favorite: ${prompt.isFavorite}`,
      `usage_count: ${prompt.usageCount}`,
      `created_at: ${JSON.stringify(prompt.createdAt)}`,
      `updated_at: ${JSON.stringify(prompt.updatedAt)}`,
      '---',
    ].join('\n');
    return { path, text: `${frontMatter}\n\n${prompt.content}\n` };
  });
}

function safeName(name: string): string {
  const printable = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? ' ' : char))
    .join('');
  return printable
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
}

/** What an import will send: the categories to have, in order, and the prompts. */
export type ImportPlan = {
  kind: 'library-json' | 'library-csv' | 'prompts-chat-csv';
  categories: string[];
  prompts: ImportItem[];
  /** Each prompt's row in the file (1-based, header excluded), to report a skipped one by. */
  rows: number[];
  /** Rows kept back because they cannot travel as they are. */
  invalid: { row: number; title: string }[];
};

/**
 * How many of the file's prompts name a category other than General: a free account's go into
 * General, as its creates do. Names compare as the server's unique rule does (trimmed, case
 * ignored; Postgres's `lower()` may fold a rare letter differently, which moves only this count).
 */
export function promptsOutsideGeneral(plan: Pick<ImportPlan, 'prompts'>): number {
  return plan.prompts.filter(
    (prompt) => prompt.category !== null && !isGeneral({ name: prompt.category.trim() }),
  ).length;
}

export class ImportFileError extends Error {}

/** Reads our JSON, our CSV or the prompts.chat CSV (`act,prompt`); throws ImportFileError saying why not. */
export function importPlan(fileName: string, text: string): ImportPlan {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (fileName.toLowerCase().endsWith('.json') || trimmed.startsWith('{')) return jsonPlan(trimmed);
  return csvPlan(text);
}

function jsonPlan(text: string): ImportPlan {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new ImportFileError('notJson');
  }
  const candidate = file as Partial<LibraryFile> | null;
  if (
    !candidate ||
    candidate.format !== LIBRARY_FILE_FORMAT ||
    candidate.version !== LIBRARY_FILE_VERSION ||
    !Array.isArray(candidate.prompts) ||
    !Array.isArray(candidate.categories)
  ) {
    throw new ImportFileError('notOurJson');
  }
  const categories = candidate.categories
    .filter((category) => category && typeof category.name === 'string' && !category.isDefault)
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((category) => category.name);
  const defaults = new Set(
    candidate.categories.filter((category) => category?.isDefault).map((category) => category.name),
  );
  const items = candidate.prompts.map((prompt) => {
    const category = typeof prompt?.category === 'string' ? prompt.category : null;
    return {
      title: typeof prompt?.title === 'string' ? prompt.title : '',
      content: typeof prompt?.content === 'string' ? prompt.content : '',
      category: category === null || defaults.has(category) ? null : category,
      isFavorite: prompt?.isFavorite === true,
      usageCount: countOf(prompt?.usageCount),
    };
  });
  return { kind: 'library-json', categories, ...splitInvalid(items) };
}

function csvPlan(text: string): ImportPlan {
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
    const items = body.map((row) => {
      const category = at(row, 'category').trim();
      if (category && !isGeneral({ name: category }) && !categories.includes(category))
        categories.push(category);
      return {
        title: at(row, 'title'),
        content: at(row, 'content'),
        category: category && !isGeneral({ name: category }) ? category : null,
        isFavorite: ['true', '1', 'yes'].includes(at(row, 'favorite').trim().toLowerCase()),
        usageCount: countOf(Number(at(row, 'usage_count').trim() || 0)),
      };
    });
    return { kind: 'library-csv', categories, ...splitInvalid(items) };
  }
  if (column('act') !== -1 && column('prompt') !== -1) {
    const items = body.map((row) => ({
      title: row[column('act')] ?? '',
      content: row[column('prompt')] ?? '',
      category: null,
      isFavorite: false,
      usageCount: 0,
    }));
    return { kind: 'prompts-chat-csv', categories: [], ...splitInvalid(items) };
  }
  throw new ImportFileError('unknownCsv');
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000_000
    ? value
    : 0;
}

/**
 * Rows too long to travel are kept back here and reported, so a page never outgrows the request
 * limit; every other rule (lengths, characters, names) is the server's, which says why it skipped.
 */
function splitInvalid(items: ImportItem[]): Pick<ImportPlan, 'prompts' | 'rows' | 'invalid'> {
  const prompts: ImportItem[] = [];
  const rows: number[] = [];
  const invalid: ImportPlan['invalid'] = [];
  items.forEach((item, index) => {
    const tooLong =
      item.title.length > limits.promptTitle.max ||
      item.content.length > limits.promptContent.max ||
      (item.category?.length ?? 0) > limits.categoryName.max;
    if (tooLong) {
      invalid.push({ row: index + 1, title: item.title.slice(0, 80) });
    } else {
      prompts.push(item);
      rows.push(index + 1);
    }
  });
  return { prompts, rows, invalid };
}
