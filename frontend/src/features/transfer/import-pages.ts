import { IMPORT_PAGE_MAX_PROMPTS, MAX_BODY_BYTES, type ImportItem, type ImportPage } from '@promptlib/proto';

// Room left under the request limit for the category list's share and JSON's own punctuation.
const PAGE_BYTES = MAX_BODY_BYTES - 8 * 1024;
const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** A page to send and the index of its first prompt in the whole import. */
export type PlannedPage = { page: ImportPage; first: number };

/**
 * The import cut into pages the API takes: at most IMPORT_PAGE_MAX_PROMPTS prompts and well under
 * the request limit in bytes. The first page carries the category order. Every prompt fits a page
 * on its own, since rows over the length limits were kept back before.
 */
export function importPages(categories: string[], prompts: ImportItem[]): PlannedPage[] {
  const pages: PlannedPage[] = [];
  let current: ImportItem[] = [];
  let first = 0;
  let bytes = bytesOf(categories);
  const close = () => {
    pages.push({ page: { categories: pages.length === 0 ? categories : [], prompts: current }, first });
    first += current.length;
    current = [];
    bytes = 0;
  };
  for (const prompt of prompts) {
    const size = bytesOf(prompt) + 1;
    if (current.length > 0 && (current.length >= IMPORT_PAGE_MAX_PROMPTS || bytes + size > PAGE_BYTES))
      close();
    current.push(prompt);
    bytes += size;
  }
  if (current.length > 0 || pages.length === 0) close();
  return pages;
}
