import type { ImportPage, ImportResult } from '@promptlib/proto';
import type { ApiFailure } from '../../api/api-error';
import type { ImportPlan } from './library-file';
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
  categories: page.categories.map((name) => ({ name, status: 'created' as const })),
  prompts: page.prompts.map(
    (_, index) =>
      [
        { status: 'imported' as const, id: index + 1 },
        { status: 'skipped' as const, reason: 'duplicate' as const },
        { status: 'skipped' as const, reason: 'prompt-limit' as const },
        { status: 'skipped' as const, reason: 'invalid' as const },
      ][index % 4]!,
  ),
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
