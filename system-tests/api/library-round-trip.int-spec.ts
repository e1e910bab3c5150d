import {
  importPages,
  importPlan,
  isGeneralName,
  libraryCsv,
  libraryFile,
  libraryJson,
  markdownFiles,
  markdownPlan,
  noteImported,
  pageBody,
  readLibrary,
  textProblem,
  LIBRARY_FILE_FORMAT,
  LIBRARY_FILE_VERSION,
  PROMPT_VERSION_SOURCES,
  type ImportPlan,
  type ImportResult,
  type LibraryFile,
  type LibraryFilePrompt,
  type LibraryFileVersion,
} from '@promptlib/proto';
import fc from 'fast-check';
import { newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';
import { makePro } from '../support/tiers';

// Each run makes a few accounts and imports a library of up to 8 prompts with their histories.
const RUNS = Number(process.env.ROUND_TRIP_RUNS ?? 10);
const SEED = process.env.ROUND_TRIP_SEED ? Number(process.env.ROUND_TRIP_SEED) : undefined;
const LONG_CONTENT = 20_000;
const DAY_MS = 86_400_000;

/**
 * The acceptance of the library file formats: any library, exported and imported into a fresh
 * account, exports again to the same file (ids and the export's own date aside). Files are read,
 * cut into pages and written by the code the SPA runs; the library is read as its export reads it.
 */
describe('a library file round trip', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  async function freshPro(prefix: string): Promise<LibraryUser> {
    const user = await newLibraryUser(gateway.url, prefix);
    await makePro(stack, user);
    return user;
  }

  /** Sends the plan page after page as the SPA's import does, and requires every prompt imported. */
  async function importInto(user: LibraryUser, plan: ImportPlan): Promise<void> {
    expect(plan.invalid).toEqual([]);
    const ids = new Map<number, number>();
    const outcomes: ImportResult['prompts'] = [];
    for (const planned of importPages(plan.categories, plan.prompts)) {
      const page = pageBody(planned, ids);
      if (page === null) continue;
      const res = await user.client.post<ImportResult>('/api/prompts/import', page);
      if (res.status !== 200)
        throw new Error(`an import page answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
      noteImported(planned, res.body, ids);
      outcomes.push(...res.body.prompts);
    }
    expect(outcomes.filter((outcome) => outcome.status !== 'imported')).toEqual([]);
    expect(outcomes).toHaveLength(plan.prompts.length);
  }

  /** The library as the SPA's export reads and writes it. */
  async function exportOf(user: LibraryUser): Promise<LibraryFile> {
    const get = async <T>(path: string): Promise<T> => {
      const res = await user.client.get<T>(path);
      if (res.status !== 200)
        throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    return libraryFile(await readLibrary(get, () => undefined), new Date());
  }

  const options = () => ({ numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });

  it('imports any JSON export into a fresh account that exports it again as the same file, history and all', async () => {
    await fc.assert(
      fc.asyncProperty(libraries, async (original) => {
        const a = await freshPro('rtjsona');
        await importInto(a, importPlan('library.json', libraryJson(original)));
        const first = await exportOf(a);
        // An import places the categories after the account's own in the file's order, numbered
        // from there: the order is the file's, the numbers are the new account's.
        expect(first.categories.map(({ name, isDefault }) => ({ name, isDefault }))).toEqual(
          original.categories.map(({ name, isDefault }) => ({ name, isDefault })),
        );
        expectSameFile({ ...first, categories: [] }, { ...original, categories: [] }, 'the imported library');

        const b = await freshPro('rtjsonb');
        await importInto(b, importPlan(exportName('json'), libraryJson(first)));
        const second = await exportOf(b);
        expectSameFile(second, first, 'the export of its export');
        expect(libraryJson({ ...second, exportedAt: first.exportedAt })).toBe(libraryJson(first));
      }),
      options(),
    );
  }, 900_000);

  it('imports any CSV export into a fresh account that exports it again as the same file', async () => {
    await fc.assert(
      fc.asyncProperty(libraries, async (original) => {
        const a = await freshPro('rtcsva');
        await importInto(a, importPlan('library.json', libraryJson(original)));
        const csv = libraryCsv(await exportOf(a));

        const c = await freshPro('rtcsvc');
        await importInto(c, importPlan(exportName('csv'), csv));
        const again = libraryCsv(await exportOf(c));
        expect(firstDifference(again, csv)).toBeNull();
      }),
      options(),
    );
  }, 900_000);

  it('imports any Markdown export into a fresh account that exports it again as the same files', async () => {
    await fc.assert(
      fc.asyncProperty(libraries, async (original) => {
        const a = await freshPro('rtmda');
        await importInto(a, importPlan('library.json', libraryJson(original)));
        const files = markdownFiles(await exportOf(a));

        const d = await freshPro('rtmdd');
        // An empty export is a zip without files, which the import refuses as holding no Markdown.
        if (files.length > 0) await importInto(d, markdownPlan(files));
        const again = markdownFiles(await exportOf(d));
        expect(firstDifference(again, files)).toBeNull();
      }),
      options(),
    );
  }, 900_000);
});

const exportName = (extension: string) => `prompt-library-2025-01-01.${extension}`;

/** The two files alike but for the moment of the export; says where they first differ otherwise. */
function expectSameFile(actual: LibraryFile, expected: LibraryFile, what: string): void {
  const difference = firstDifference({ ...actual, exportedAt: '' }, { ...expected, exportedAt: '' });
  expect(difference === null ? null : `${what}: ${difference}`).toBeNull();
}

/** The path of the first place two JSON values differ, with both values (long texts cut), or null. */
function firstDifference(actual: unknown, expected: unknown, path = '$'): string | null {
  if (Object.is(actual, expected)) return null;
  if (Array.isArray(actual) && Array.isArray(expected)) {
    for (let index = 0; index < Math.max(actual.length, expected.length); index += 1) {
      const found = firstDifference(actual[index], expected[index], `${path}[${index}]`);
      if (found === null) continue;
      return actual.length === expected.length
        ? found
        : `${found} (${path} has ${actual.length} items, expected ${expected.length})`;
    }
    return null;
  }
  if (isRecord(actual) && isRecord(expected)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const found = firstDifference(actual[key], expected[key], `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof actual === 'string' && typeof expected === 'string') {
    let at = 0;
    while (actual[at] === expected[at]) at += 1;
    const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 20), at + 40));
    return `${path} differs at character ${at} of ${actual.length} (expected ${expected.length}): got ${around(actual)}, expected ${around(expected)}`;
  }
  return `${path}: got ${JSON.stringify(actual)?.slice(0, 200)}, expected ${JSON.stringify(expected)?.slice(0, 200)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Text of every kind a user pastes: words, runs of spaces of several kinds, quotes and signs a CSV
// or YAML writer must escape, graphemes of any script (combining marks, emoji sequences, astral
// letters, right-to-left), and template blanks.
const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  minLength: 1,
  maxLength: 8,
});
const pieces = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 3, arbitrary: fc.constantFrom(' ', ' ', ' ', '  ', '   ', '\u00a0', '\u3000', ' \u2009 ') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ',',
      '"',
      '""',
      "'",
      ';',
      '\\',
      '|',
      '#',
      ':',
      '---',
      '=',
      '+',
      '-',
      '@',
      '/',
      '&amp;',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'e\u0301',
      'ä\u0308',
      '日本語',
      '👩‍💻',
      '🙂',
      '𝒜𝓑',
      'שלום',
      '\u202e',
      '\u2028',
      'ǅ',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('{{name}}', '{{ topic }}', '{{a_b}}', '{{}}', '{name}') },
);
const lineBreaks = fc.constantFrom('\n', '\n\n', '\r\n', '\n\t', '\t', '\n    ', '\r');
const formulaStart = fc.constantFrom('=', '+', '-', '@', "'", "''", "'=", '=1+', '@SUM(');

const joined = (parts: string[]) => parts.join('');

const titles = fc
  .tuple(fc.option(formulaStart, { freq: 4 }), fc.array(pieces, { minLength: 1, maxLength: 12 }))
  .map(([start, parts]) => `${start ?? ''}${joined(parts)}`.trim())
  .filter((title) => title.length >= 3 && title.length <= 200 && textProblem(title, 'line') === null);

const shortContents = fc
  .tuple(
    fc.option(fc.oneof(formulaStart, lineBreaks, fc.constant('  ')), { freq: 3 }),
    fc.array(fc.oneof({ weight: 5, arbitrary: pieces }, { weight: 1, arbitrary: lineBreaks }), {
      minLength: 2,
      maxLength: 40,
    }),
    fc.option(fc.oneof(lineBreaks, fc.constant('  ')), { freq: 3 }),
  )
  .map(([start, parts, end]) => `${start ?? ''}${joined(parts)}${end ?? ''}`);

// Text of scripts UTF-8 writes in three or four bytes a character: the most bytes a content can take.
const denseContents = fc
  .array(
    fc.oneof(
      fc.constantFrom('日本語の文章', '👩‍💻🙂', '𝒜𝓑', 'שלום', 'e\u0301', '{{名前}}', '\n'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
    ),
    { minLength: 2, maxLength: 20 },
  )
  .map(joined);

/** The longest content there may be, of any of the text above repeated. */
const longContents = fc.oneof(shortContents, denseContents).map((seed) => {
  let text = seed.repeat(Math.ceil(LONG_CONTENT / seed.length)).slice(0, LONG_CONTENT);
  // A cut between the halves of a pair would leave half a character.
  if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
  return text;
});

const contents = fc
  .oneof({ weight: 24, arbitrary: shortContents }, { weight: 2, arbitrary: longContents })
  .filter(
    (content) =>
      content.trim().length >= 5 &&
      content.length <= LONG_CONTENT &&
      textProblem(content, 'multiline') === null,
  );

const categoryNames = fc
  .array(pieces, { minLength: 1, maxLength: 6 })
  .map((parts) => joined(parts).trim())
  .filter(
    (name) =>
      name.length >= 2 && name.length <= 50 && textProblem(name, 'line') === null && !isGeneralName(name),
  );

const tagNames = fc
  .array(pieces, { minLength: 1, maxLength: 4 })
  .map((parts) => joined(parts).trim())
  .filter(
    (name) =>
      name.length >= 1 && name.length <= 40 && !name.includes(',') && textProblem(name, 'line') === null,
  );

// Moments with milliseconds, as Postgres keeps them, in the past; fixed ends, so a seed replays a run.
const EARLIEST = Date.UTC(2015, 0, 1);
const LATEST = Date.UTC(2025, 0, 1);
const moments = fc.integer({ min: EARLIEST, max: LATEST });

/** A library as an export writes it: categories, then prompts oldest first, each with its history. */
const libraries = fc
  .tuple(
    fc.uniqueArray(categoryNames, { minLength: 0, maxLength: 3, selector: (name) => name.toLowerCase() }),
    // Positions as a library that had categories moved and deleted has them: growing, with gaps.
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
    // The library's tags, each in the one spelling every prompt uses (the first use's, on import).
    fc.uniqueArray(tagNames, { maxLength: 5, selector: (name) => name.toLowerCase() }),
  )
  .chain(([names, steps, tagPool]) => {
    const positions = steps.map((_, index) =>
      steps.slice(0, index + 1).reduce((sum, step) => sum + step, index),
    );
    const category = fc.constantFrom('General', ...names);
    const prompt = fc
      .record({
        title: fc.oneof(
          { weight: 5, arbitrary: titles },
          { weight: 1, arbitrary: fc.constantFrom('Same title', 'same title') },
        ),
        content: contents,
        category,
        isFavorite: fc.boolean(),
        usageCount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000_000 })),
        // Some prompts share their moment of creation, which the export orders by id.
        created: fc.oneof(fc.constant(Date.UTC(2024, 5, 1, 12, 0, 0, 123)), moments),
        changedAfter: fc.integer({ min: 0, max: 400 * DAY_MS }),
        older: fc.array(
          fc.record({
            title: titles,
            content: contents,
            category: fc.option(category, { freq: 4 }),
            source: fc.constantFrom(...PROMPT_VERSION_SOURCES),
          }),
          { maxLength: 4 },
        ),
        firstNumber: fc.integer({ min: 1, max: 40 }),
        gaps: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 5, maxLength: 5 }),
        source: fc.constantFrom(...PROMPT_VERSION_SOURCES),
        tags:
          tagPool.length === 0
            ? fc.constant([])
            : fc.uniqueArray(fc.constantFrom(...tagPool), { maxLength: 4 }),
      })
      .map((drawn): LibraryFilePrompt => {
        const updated = Math.min(drawn.created + drawn.changedAfter, LATEST);
        const texts = [
          ...drawn.older,
          { title: drawn.title, content: drawn.content, category: drawn.category, source: drawn.source },
        ];
        let number = drawn.firstNumber;
        const versions = texts.map((text, index): LibraryFileVersion => {
          if (index > 0) number += drawn.gaps[index]!;
          // Oldest at the creation, newest at the last change, the others between in order.
          const at =
            texts.length === 1
              ? updated
              : drawn.created + Math.round(((updated - drawn.created) * index) / (texts.length - 1));
          return { version: number, ...text, createdAt: new Date(at).toISOString() };
        });
        return {
          title: drawn.title,
          content: drawn.content,
          category: drawn.category,
          isFavorite: drawn.isFavorite,
          usageCount: drawn.usageCount,
          createdAt: new Date(drawn.created).toISOString(),
          updatedAt: new Date(updated).toISOString(),
          tags: [...drawn.tags],
          versions,
        };
      });
    // Two prompts of the same title and content (ends trimmed) in one category are duplicates,
    // which an import skips; the same title alone is not.
    return fc
      .uniqueArray(prompt, { maxLength: 8, selector: (item) => `${item.title}\u0000${item.content.trim()}` })
      .map((prompts): LibraryFile => ({
        format: LIBRARY_FILE_FORMAT,
        version: LIBRARY_FILE_VERSION,
        exportedAt: '2025-01-01T00:00:00.000Z',
        categories: [
          { name: 'General', position: 0, isDefault: true },
          ...names.map((name, index) => ({ name, position: positions[index]!, isDefault: false })),
        ],
        // Oldest first, as an export writes them; sort keeps the drawn order of those made together.
        prompts: [...prompts].sort((x, y) => x.createdAt.localeCompare(y.createdAt)),
      }));
  });
