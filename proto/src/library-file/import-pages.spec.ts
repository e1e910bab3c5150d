import { describe, expect, it } from 'vitest';
import type { ImportItem, ImportPage, ImportResult, ImportVersion } from '../library';
import { IMPORT_PAGE_MAX_PROMPTS, IMPORT_PAGE_MAX_VERSIONS, MAX_BODY_BYTES } from '../limits';
import { MAX_ID } from '../text-rules';
import { importPages, noteImported, pageBody, type PlannedPage } from './import-pages';

const item = (n: number, contentLength = 20, versions?: ImportVersion[]): ImportItem => ({
  title: `Prompt ${n}`,
  content: 'x'.repeat(contentLength),
  category: null,
  isFavorite: false,
  usageCount: 0,
  ...(versions ? { versions } : {}),
});
const history = (count: number, content: (n: number) => string): ImportVersion[] =>
  Array.from({ length: count }, (_, n) => ({
    version: n + 1,
    title: `Version ${n + 1}`,
    content: content(n + 1),
    category: 'Writing',
    createdAt: '2025-01-01T00:00:00.000Z',
    source: 'app',
  }));
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Sends the pages as the SPA does, every prompt imported under the largest id there is, and checks
 * what the API would see: no page over the limit, every version once, each history after its prompt.
 */
function sendAll(pages: PlannedPage[], prompts: ImportItem[]) {
  const ids = new Map<number, number>();
  const received = new Map<number, ImportVersion[]>();
  const sentPrompts: ImportPage['prompts'] = [];
  for (const page of pages) {
    const body = pageBody(page, ids);
    expect(body).not.toBeNull();
    expect(bytes(body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(body!.prompts.length).toBeLessThanOrEqual(IMPORT_PAGE_MAX_PROMPTS);
    expect(body!.history?.length ?? 0).toBeLessThanOrEqual(IMPORT_PAGE_MAX_PROMPTS);
    expect(page.first).toBe(sentPrompts.length);
    body!.prompts.forEach((prompt, index) => {
      expect(prompt.versions?.length ?? 0).toBeLessThanOrEqual(IMPORT_PAGE_MAX_VERSIONS);
      // The version of the prompt's own text, as the server makes it from the prompt.
      const own = prompt.currentVersion
        ? [{ ...prompt.currentVersion, title: prompt.title, content: prompt.content, category: 'Writing' }]
        : [];
      received.set(page.first + index, [...(prompt.versions ?? []), ...own]);
    });
    for (const entry of body!.history ?? []) {
      expect(entry.versions.length).toBeLessThanOrEqual(IMPORT_PAGE_MAX_VERSIONS);
      const at = [...ids].find(([, id]) => id === entry.promptId)![0];
      received.get(at)!.push(...entry.versions);
    }
    sentPrompts.push(...body!.prompts);
    const result: ImportResult = {
      categories: [],
      prompts: body!.prompts.map((_, index) => ({ status: 'imported', id: MAX_ID - page.first - index })),
      history: [],
    };
    noteImported(page, result, ids);
  }
  expect(sentPrompts.map(({ versions: _, currentVersion: _current, ...rest }) => rest)).toEqual(
    prompts.map(({ versions: _, ...rest }) => rest),
  );
  prompts.forEach((prompt, index) => {
    const got = [...received.get(index)!].sort((a, b) => a.version - b.version);
    expect(got).toEqual(prompt.versions ?? []);
  });
  return { ids, received };
}

describe('importPages', () => {
  it('cuts by count, every prompt once, in order, the categories on the first page only', () => {
    const prompts = Array.from({ length: 250 }, (_, n) => item(n));
    const pages = importPages(['A', 'B'], prompts);
    expect(pages.map((page) => page.prompts.length)).toEqual([
      IMPORT_PAGE_MAX_PROMPTS,
      IMPORT_PAGE_MAX_PROMPTS,
      50,
    ]);
    expect(pages.map((page) => page.first)).toEqual([0, 100, 200]);
    expect(pages.map((page) => page.categories)).toEqual([['A', 'B'], [], []]);
    sendAll(pages, prompts);
  });

  it('cuts by bytes, each page under the request limit, even for long multi-byte prompts', () => {
    const prompts = Array.from({ length: 30 }, (_, n) => item(n, 0)).map((prompt) => ({
      ...prompt,
      content: '名'.repeat(20_000),
    }));
    const pages = importPages([], prompts);
    expect(pages).toHaveLength(30);
    sendAll(pages, prompts);
  });

  it('sends one page for an empty import, so categories alone still arrive', () => {
    expect(importPages(['Only'], [])).toEqual([{ first: 0, categories: ['Only'], prompts: [], history: [] }]);
    expect(pageBody(importPages(['Only'], [])[0]!, new Map())).toEqual({ categories: ['Only'], prompts: [] });
  });

  it('sends the categories alone first when the first prompt does not fit beside them', () => {
    const categories = Array.from({ length: 500 }, (_, n) => `${n}`.padEnd(50, '類'));
    const prompts = [item(1, 0)].map((prompt) => ({ ...prompt, content: '名'.repeat(20_000) }));
    const pages = importPages(categories, prompts);
    expect(pages.map((page) => [page.categories.length, page.prompts.length])).toEqual([
      [500, 0],
      [0, 1],
    ]);
    sendAll(pages, prompts);
  });

  it('sends a prompt whose history fits with all of it', () => {
    const prompts = [
      item(
        1,
        20,
        history(5, (n) => `Text ${n}`),
      ),
      item(2),
    ];
    const pages = importPages([], prompts);
    expect(pages).toEqual([{ first: 0, categories: [], prompts, history: [] }]);
  });

  it('sends a long history as the newest versions beside the prompt and the older ones on later pages', () => {
    // About 1 MB of history: 200 versions of 5,000 characters.
    const versions = history(200, (n) => `${n} `.padEnd(5_000, 'y'));
    const prompts = [
      item(1, 100, versions),
      item(2),
      item(
        3,
        50,
        history(3, (n) => `Short ${n}`),
      ),
    ];
    const pages = importPages(['Writing'], prompts);

    const first = pages[0]!;
    expect(first.prompts[0]!.versions!.at(-1)).toEqual(versions.at(-1));
    expect(first.history).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(11);
    // Later pages carry older versions, newest chunks first, all for the first prompt.
    const chunks = pages.slice(1).flatMap((page) => page.history);
    expect(chunks.every((chunk) => chunk.item === 0)).toBe(true);
    const starts = chunks.map((chunk) => chunk.versions[0]!.version);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    sendAll(pages, prompts);
  });

  it('carries the histories of many prompts of a page on the pages after it, beside the prompts that follow', () => {
    const prompts = Array.from({ length: 120 }, (_, n) =>
      item(
        n,
        100,
        history(8, (v) => `${n}.${v} `.padEnd(2_000, 'z')),
      ),
    );
    const pages = importPages([], prompts);
    expect(pages.some((page) => page.prompts.length > 0 && page.history.length > 0)).toBe(true);
    sendAll(pages, prompts);
  });

  it('sends a history longer than a page may carry in pieces of at most 1,000 versions', () => {
    const versions = history(2_500, (n) => `v${n}`);
    const prompts = [item(1, 20, versions)];
    const pages = importPages([], prompts);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    sendAll(pages, prompts);
  });

  it('sends a prompt of the longest text there can be alone, each of its versions on a page of its own after it', () => {
    // Three UTF-8 bytes a character: the most that text within the limits can take.
    const longest = (n: number) => '"'.repeat(10) + '語'.repeat(19_990 - String(n).length) + String(n);
    const versions = history(4, longest).map((version) => ({
      ...version,
      title: '題'.repeat(200),
      category: '類'.repeat(50),
    }));
    const prompts = [
      { ...item(1, 0, versions), content: versions[3]!.content, title: versions[3]!.title },
      item(2),
    ];
    const pages = importPages([], prompts);
    expect(pages[0]!.prompts[0]).not.toHaveProperty('versions');
    const followed = pages.flatMap((page) => page.history);
    expect(followed.map((entry) => [entry.item, entry.versions.length])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    sendAll(pages, prompts);
  });
});

describe('the version of a prompt’s own text', () => {
  it('travels as the prompt, named by number, time and source, so its text is sent once', () => {
    const versions = history(3, (n) => `Text ${n}`);
    const prompt = { ...item(1), title: 'Version 3', content: 'Text 3', category: ' writing', versions };
    const [page] = importPages([], [prompt]);
    expect(page!.prompts).toEqual([
      {
        ...prompt,
        versions: versions.slice(0, 2),
        currentVersion: { version: 3, createdAt: '2025-01-01T00:00:00.000Z', source: 'app' },
      },
    ]);
    // A newest version that is not the prompt's text travels as it is.
    const edited = { ...prompt, content: 'Text 3, changed by hand' };
    expect(importPages([], [edited])[0]!.prompts).toEqual([edited]);
  });

  it('lets a prompt of 20,000 three-byte characters travel with its history on the pages after it', () => {
    const dense = (n: number) => '語'.repeat(19_990) + String(n).padStart(10, '0');
    const versions = history(3, dense).map((version) => ({ ...version, title: 'Dense' }));
    const prompts = [{ ...item(1), title: 'Dense', content: dense(3), category: 'Writing', versions }];
    const pages = importPages([], prompts);
    expect(pages[0]!.prompts[0]!.currentVersion).toMatchObject({ version: 3 });
    expect(
      pages.flatMap((page) => page.history).map((entry) => entry.versions.map((v) => v.version)),
    ).toEqual([[2], [1]]);
    sendAll(pages, prompts);
  });
});

describe('pageBody', () => {
  const pages = importPages(
    [],
    [
      item(
        1,
        100,
        history(40, (n) => `${n}`.padEnd(5_000, 'y')),
      ),
      item(2),
    ],
  );
  const later = pages.find((page) => page.history.length > 0)!;

  it('addresses a history to the id its prompt was imported under', () => {
    const ids = new Map([[0, 42]]);
    expect(pageBody(later, ids)!.history).toEqual([{ promptId: 42, versions: later.history[0]!.versions }]);
  });

  it('leaves out the history of a prompt that was not imported, and the page with nothing else', () => {
    const onlyHistory = { ...later, prompts: [] };
    expect(pageBody(onlyHistory, new Map())).toBeNull();
    const withPrompt = { ...later, prompts: [item(3)] };
    expect(pageBody(withPrompt, new Map())).toEqual({ categories: [], prompts: [item(3)] });
  });
});

describe('noteImported', () => {
  it('notes the ids of the imported prompts by their place in the whole import', () => {
    const ids = new Map<number, number>();
    const page: PlannedPage = {
      first: 100,
      categories: [],
      prompts: [item(1), item(2), item(3)],
      history: [],
    };
    noteImported(
      page,
      {
        categories: [],
        prompts: [
          { status: 'imported', id: 7 },
          { status: 'skipped', reason: 'duplicate' },
          { status: 'imported', id: 9 },
        ],
        history: [],
      },
      ids,
    );
    expect([...ids]).toEqual([
      [100, 7],
      [102, 9],
    ]);
  });
});
