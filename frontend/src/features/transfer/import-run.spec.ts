import type { ImportPage, ImportPlan, ImportResult, ImportVersion } from '@promptlib/proto';
import type { ApiFailure } from '../../api/api-error';
import { runImport } from './import-run';

const item = (n: number) => ({
  title: `Prompt ${n}`,
  content: 'Some content',
  category: null,
  isFavorite: false,
  usageCount: 0,
});
const plan = (count: number): ImportPlan => ({
  kind: 'library-csv',
  categories: ['Writing'],
  prompts: Array.from({ length: count }, (_, n) => item(n)),
  rows: Array.from({ length: count }, (_, n) => n + 2),
  invalid: [{ row: 1, title: 'Too long' }],
});
const failure = (status: ApiFailure['status']): ApiFailure => ({
  status,
  message: `${status}: failed`,
  serverMessage: 'It failed',
});
// Imported, then a duplicate, then over the limit, then invalid, over and over.
const answer = (page: ImportPage): ImportResult => ({
  categories: (page.categories ?? []).map((name) => ({ name, status: 'created' as const })),
  prompts: page.prompts.map(
    (_, index) =>
      [
        { status: 'imported' as const, id: index + 1 },
        { status: 'skipped' as const, reason: 'duplicate' as const },
        { status: 'skipped' as const, reason: 'prompt-limit' as const },
        { status: 'skipped' as const, reason: 'invalid' as const },
      ][index % 4]!,
  ),
  history: (page.history ?? []).map((entry) => ({ promptId: entry.promptId, added: entry.versions.length })),
});
const noWait = () => Promise.resolve();

describe('runImport', () => {
  it('sends every page and adds up what became of each prompt, invalid rows by their row in the file', async () => {
    const progress: number[] = [];
    const outcome = await runImport(plan(150), {
      send: (page) => Promise.resolve(answer(page)),
      onProgress: (done) => progress.push(done),
      cancelled: () => false,
    });
    expect(progress).toEqual([100, 150]);
    expect(outcome.kind).toBe('done');
    expect(outcome.report.imported).toBe(25 + 13);
    expect(outcome.report.skipped).toEqual({
      duplicate: 25 + 13,
      'prompt-limit': 25 + 12,
      'category-limit': 0,
      invalid: 1 + 25 + 12,
    });
    expect(outcome.report.categoriesCreated).toBe(1);
    expect(outcome.report.invalidRows).toEqual([
      { row: 1, title: 'Too long' },
      { row: 5, title: 'Prompt 3' },
      { row: 9, title: 'Prompt 7' },
      { row: 13, title: 'Prompt 11' },
      { row: 17, title: 'Prompt 15' },
    ]);
  });

  it('sends a page again after a busy service or a lost connection, and stops after three tries', async () => {
    const failures = [failure(503), failure('FETCH_ERROR')];
    const send = vi.fn((page: ImportPage) => {
      const next = failures.shift();
      return next ? Promise.reject(next) : Promise.resolve(answer(page));
    });
    const outcome = await runImport(plan(3), {
      send,
      onProgress: () => undefined,
      cancelled: () => false,
      wait: noWait,
    });
    expect(send).toHaveBeenCalledTimes(3);
    expect(outcome.kind).toBe('done');

    const always = vi.fn(() => Promise.reject(failure(503)));
    const stopped = await runImport(plan(3), {
      send: always,
      onProgress: () => undefined,
      cancelled: () => false,
      wait: noWait,
    });
    expect(always).toHaveBeenCalledTimes(4);
    expect(stopped).toMatchObject({ kind: 'stopped', reason: 'failed', error: failure(503) });
  });

  it('sends a history too long for its prompt’s page on the next pages, to the id the server gave', async () => {
    const versions = (count: number): ImportVersion[] =>
      Array.from({ length: count }, (_, n) => ({
        version: n + 1,
        title: `Prompt, version ${n + 1}`,
        content: 'y'.repeat(20_000),
        category: null,
        createdAt: '2025-01-01T00:00:00.000Z',
        source: 'app',
      }));
    const long: ImportPlan = {
      ...plan(0),
      prompts: [
        { ...item(0), versions: versions(12) },
        { ...item(1), versions: versions(12) },
        ...Array.from({ length: 6 }, (_, n) => item(n + 2)),
      ],
      rows: Array.from({ length: 8 }, (_, n) => n + 1),
    };
    const pages: ImportPage[] = [];
    const outcome = await runImport(long, {
      // The first is imported under id 500, the second is a duplicate: only the first's history follows.
      send: (page) => {
        pages.push(page);
        return Promise.resolve({
          categories: [],
          prompts: page.prompts.map((_, index) =>
            pages.length === 1 && index === 0
              ? { status: 'imported' as const, id: 500 }
              : { status: 'skipped' as const, reason: 'duplicate' as const },
          ),
          history: [],
        });
      },
      onProgress: () => undefined,
      cancelled: () => false,
    });
    expect(outcome.kind).toBe('done');
    const sentWithPrompts = pages.flatMap((page) => page.prompts.map((prompt) => prompt.versions ?? []));
    const followed = pages.flatMap((page) => page.history ?? []);
    expect(followed.every((entry) => entry.promptId === 500)).toBe(true);
    expect(
      [...sentWithPrompts[0]!, ...followed.flatMap((entry) => entry.versions)]
        .map((version) => version.version)
        .sort((a, b) => a - b),
    ).toEqual(versions(12).map((version) => version.version));
    expect(pages.flatMap((page) => page.prompts.map((prompt) => prompt.title))).toEqual(
      long.prompts.map((prompt) => prompt.title),
    );
  });

  it('stops at once on the rate limit, keeping what the earlier pages did', async () => {
    let calls = 0;
    const outcome = await runImport(plan(250), {
      send: (page) => (++calls === 2 ? Promise.reject(failure(429)) : Promise.resolve(answer(page))),
      onProgress: () => undefined,
      cancelled: () => false,
      wait: noWait,
    });
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ kind: 'stopped', reason: 'rate-limited' });
    expect(outcome.report.imported).toBe(25);
  });

  it('stops before the next page once cancelled', async () => {
    let cancelled = false;
    const send = vi.fn((page: ImportPage) => {
      cancelled = true;
      return Promise.resolve(answer(page));
    });
    const outcome = await runImport(plan(250), {
      send,
      onProgress: () => undefined,
      cancelled: () => cancelled,
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ kind: 'stopped', reason: 'cancelled' });
  });
});
