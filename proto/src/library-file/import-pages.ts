import { IMPORT_PAGE_MAX_PROMPTS, IMPORT_PAGE_MAX_VERSIONS, MAX_BODY_BYTES } from '../limits';
import type { ImportHistory, ImportItem, ImportPage, ImportResult, ImportVersion } from '../library';
import { isGeneralName } from './format';

// Room left under the request limit for JSON's own punctuation around the parts measured.
const PAGE_BYTES = MAX_BODY_BYTES - 8 * 1024;
// What a history entry takes besides its versions, with the longest id there can be.
const HISTORY_ENTRY_BYTES = 64;
// What a prompt's `"versions":[]` adds to it besides the versions.
const VERSIONS_KEY_BYTES = 16;

const encoder = new TextEncoder();

/** The bytes `value` takes in a request body. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

/**
 * The most one prompt (its history aside) or one version may take: either always fits a page of its
 * own. A reader keeps back what is larger, so no page outgrows the request limit. Text within the
 * length limits is far below it (three bytes a character at most) unless it is full of control
 * characters, which JSON writes six bytes each and the server refuses anyway.
 */
export const IMPORT_PART_MAX_BYTES = PAGE_BYTES - HISTORY_ENTRY_BYTES;

/**
 * More versions of a prompt of an earlier page, named by its place in the whole import: its id is
 * known once that page's answer has come.
 */
export type PlannedHistory = { item: number; versions: ImportVersion[] };

/** A page to send: `first` is the place of its first prompt in the whole import. */
export type PlannedPage = {
  first: number;
  categories: string[];
  prompts: ImportItem[];
  history: PlannedHistory[];
};

/**
 * The import cut into pages the API takes: at most IMPORT_PAGE_MAX_PROMPTS prompts and well under
 * the request limit in bytes. The first page carries the category order. The newest version, when
 * it is the prompt's own text, travels as the prompt (only its number, time and source besides), so
 * a prompt of 20,000 characters that UTF-8 writes in three bytes each still fits a page. A prompt
 * whose older versions do not fit beside it goes with as many of the newest of them as fit, and the
 * rest follow on the next pages, a page's worth at a time, once the prompt's id is known.
 */
export function importPages(categories: string[], items: ImportItem[]): PlannedPage[] {
  const prompts = items.map(withCurrentVersion);
  const pages: PlannedPage[] = [];
  let page: PlannedPage = { first: 0, categories, prompts: [], history: [] };
  let bytes = categories.length > 0 ? jsonBytes(categories) : 0;
  // Versions left over from the open page's prompts, and from the closed pages' (sendable now).
  let held: PlannedHistory[] = [];
  const ready: PlannedHistory[] = [];

  const isEmpty = () =>
    page.categories.length === 0 && page.prompts.length === 0 && page.history.length === 0;
  const fillWithHistory = () => {
    while (ready.length > 0 && page.history.length < IMPORT_PAGE_MAX_PROMPTS) {
      const next = ready[0]!;
      // One version always fits an empty page: every version is at most IMPORT_PART_MAX_BYTES.
      const count = Math.max(
        newestThatFit(next.versions, PAGE_BYTES - bytes - HISTORY_ENTRY_BYTES),
        page.history.length === 0 ? 1 : 0,
      );
      if (count === 0) return;
      const versions = next.versions.slice(next.versions.length - count);
      page.history.push({ item: next.item, versions });
      bytes += HISTORY_ENTRY_BYTES + jsonBytes(versions);
      next.versions = next.versions.slice(0, next.versions.length - count);
      if (next.versions.length > 0) return;
      ready.shift();
    }
  };
  const close = () => {
    pages.push(page);
    ready.push(...held);
    held = [];
    page = { first: page.first + page.prompts.length, categories: [], prompts: [], history: [] };
    bytes = 0;
    fillWithHistory();
  };

  prompts.forEach((prompt, index) => {
    const versions = prompt.versions ?? [];
    const { versions: _, ...bare } = prompt;
    const own = jsonBytes(bare) + 1;
    while (!isEmpty() && (page.prompts.length >= IMPORT_PAGE_MAX_PROMPTS || bytes + own > PAGE_BYTES))
      close();
    if (versions.length === 0) {
      page.prompts.push(prompt);
      bytes += own;
      return;
    }
    const count = newestThatFit(versions, PAGE_BYTES - bytes - own - VERSIONS_KEY_BYTES);
    const sent =
      count === versions.length
        ? prompt
        : count === 0
          ? bare
          : { ...prompt, versions: versions.slice(versions.length - count) };
    page.prompts.push(sent);
    bytes += jsonBytes(sent) + 1;
    if (count < versions.length)
      held.push({ item: index, versions: versions.slice(0, versions.length - count) });
  });
  if (!isEmpty() || pages.length === 0) close();
  while (page.history.length > 0) close();
  return pages;
}

/**
 * The item with the version that holds its own text named by number, time and source alone: the
 * server keeps the item's text as that version, so the text need not travel twice.
 */
function withCurrentVersion(item: ImportItem): ImportItem {
  const versions = item.versions ?? [];
  const newest = versions[versions.length - 1];
  if (!newest || item.currentVersion || !holdsTextOf(newest, item)) return item;
  const { version, createdAt, source } = newest;
  return { ...item, versions: versions.slice(0, -1), currentVersion: { version, createdAt, source } };
}

/** Whether the version is the item's text as the server would store both (category names by its key). */
function holdsTextOf(version: ImportVersion, item: ImportItem): boolean {
  const categoryKey = (name: string | null) =>
    name === null || isGeneralName(name) ? '' : name.trim().toLowerCase();
  return (
    version.title.trim() === item.title.trim() &&
    version.content === item.content &&
    categoryKey(version.category) === categoryKey(item.category)
  );
}

/** How many of the newest of `versions` fit in `room` bytes as one JSON list, at most a page's count. */
function newestThatFit(versions: ImportVersion[], room: number): number {
  let used = 2;
  let count = 0;
  for (let at = versions.length - 1; at >= 0 && count < IMPORT_PAGE_MAX_VERSIONS; at -= 1) {
    const size = jsonBytes(versions[at]) + 1;
    if (used + size > room) break;
    used += size;
    count += 1;
  }
  return count;
}

/**
 * The page as the API takes it: its history addressed to the ids the earlier pages' answers gave,
 * less that of prompts they did not import. Null when nothing of it is left to send.
 */
export function pageBody(page: PlannedPage, ids: ReadonlyMap<number, number>): ImportPage | null {
  const history: ImportHistory[] = page.history.flatMap(({ item, versions }) => {
    const promptId = ids.get(item);
    return promptId === undefined ? [] : [{ promptId, versions }];
  });
  if (page.history.length > 0 && history.length === 0 && page.prompts.length === 0) return null;
  return {
    categories: page.categories,
    prompts: page.prompts,
    ...(history.length > 0 ? { history } : {}),
  };
}

/** Notes the ids the answer to a page gave its imported prompts, by their place in the import. */
export function noteImported(page: PlannedPage, result: ImportResult, ids: Map<number, number>): void {
  result.prompts.forEach((outcome, index) => {
    if (outcome.status === 'imported') ids.set(page.first + index, outcome.id);
  });
}
