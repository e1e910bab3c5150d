import type { ImportItem } from '../library';
import { IMPORT_MAX_USAGE_COUNT, limits } from '../limits';
import { isGeneralName } from './format';
import { IMPORT_PART_MAX_BYTES, jsonBytes } from './import-pages';

/** What an import will send: the categories to have, in order, and the prompts. */
export type ImportPlan = {
  kind: 'library-json' | 'library-csv' | 'prompts-chat-csv' | 'library-markdown' | 'markdown';
  categories: string[];
  prompts: ImportItem[];
  /** Each prompt's row in the file (1-based, header excluded; a file's place in a zip), to report a skipped one by. */
  rows: number[];
  /** Rows kept back because they cannot travel as they are. */
  invalid: { row: number; title: string }[];
};

/** Why a file cannot be imported; the dialog says it in the user's language. */
export type ImportFileProblem =
  'notJson' | 'notOurJson' | 'brokenCsv' | 'unknownCsv' | 'noMarkdown' | 'brokenZip';

export class ImportFileError extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(problem);
  }
}

/**
 * How many of the file's prompts name a category other than General: a free account's go into
 * General, as its creates do.
 */
export function promptsOutsideGeneral(plan: Pick<ImportPlan, 'prompts'>): number {
  return plan.prompts.filter((prompt) => prompt.category !== null && !isGeneralName(prompt.category)).length;
}

/** A use count as the server takes it; anything else counts as none. */
export function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= IMPORT_MAX_USAGE_COUNT
    ? value
    : 0;
}

// The longest moment the API takes: an ISO 8601 time with its offset is 29 characters.
const MOMENT_MAX_LENGTH = 40;

/** A moment to send as it is written (the server takes one it cannot read as now), or none. */
export function momentOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MOMENT_MAX_LENGTH
    ? value
    : undefined;
}

/** Whether a text breaks a length limit, which no page could carry past the server. */
export function overLimits(text: { title: string; content: string; category: string | null }): boolean {
  return (
    text.title.length > limits.promptTitle.max ||
    text.content.length > limits.promptContent.max ||
    (text.category?.length ?? 0) > limits.categoryName.max
  );
}

/**
 * Rows too long to travel are kept back here and reported, so a page never outgrows the request
 * limit; every other rule (lengths, characters, names) is the server's, which says why it skipped.
 */
export function planOf(kind: ImportPlan['kind'], categories: string[], items: ImportItem[]): ImportPlan {
  const plan: ImportPlan = { kind, categories, prompts: [], rows: [], invalid: [] };
  items.forEach((item, index) => {
    const { versions: _, ...bare } = item;
    if (overLimits(item) || jsonBytes(bare) > IMPORT_PART_MAX_BYTES) {
      plan.invalid.push({ row: index + 1, title: item.title.slice(0, 80) });
    } else {
      plan.prompts.push(item);
      plan.rows.push(index + 1);
    }
  });
  return plan;
}
