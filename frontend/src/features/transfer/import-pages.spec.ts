import { IMPORT_PAGE_MAX_PROMPTS, MAX_BODY_BYTES, type ImportItem } from '@promptlib/proto';
import { importPages } from './import-pages';

const item = (n: number, contentLength = 20): ImportItem => ({
  title: `Prompt ${n}`,
  content: 'x'.repeat(contentLength),
  category: null,
  isFavorite: false,
  usageCount: 0,
});

describe('importPages', () => {
  it('cuts by count, every prompt once, in order, the categories on the first page only', () => {
    const prompts = Array.from({ length: 250 }, (_, n) => item(n));
    const pages = importPages(['A', 'B'], prompts);
    expect(pages.map((page) => page.page.prompts.length)).toEqual([
      IMPORT_PAGE_MAX_PROMPTS,
      IMPORT_PAGE_MAX_PROMPTS,
      50,
    ]);
    expect(pages.map((page) => page.first)).toEqual([0, 100, 200]);
    expect(pages.map((page) => page.page.categories)).toEqual([['A', 'B'], [], []]);
    expect(pages.flatMap((page) => page.page.prompts)).toEqual(prompts);
  });

  it('cuts by bytes, each page under the request limit, even for long multi-byte prompts', () => {
    const prompts = Array.from({ length: 30 }, (_, n) => ({ ...item(n), content: '名'.repeat(20_000) }));
    const pages = importPages([], prompts);
    for (const { page } of pages)
      expect(new TextEncoder().encode(JSON.stringify(page)).length).toBeLessThan(MAX_BODY_BYTES);
    expect(pages.flatMap((page) => page.page.prompts)).toHaveLength(30);
  });

  it('sends one page for an empty import, so categories alone still arrive', () => {
    expect(importPages(['Only'], [])).toEqual([{ page: { categories: ['Only'], prompts: [] }, first: 0 }]);
  });
});
