import {
  importPages,
  noteImported,
  pageBody,
  type ImportPage,
  type ImportPlan,
  type ImportResult,
  type ImportSkipReason,
} from '@promptlib/proto';
import { isApiFailure } from '../../api/api-error';

export type ImportReport = {
  imported: number;
  skipped: Record<ImportSkipReason, number>;
  categoriesCreated: number;
  /** Rows skipped as invalid, by their row in the file, the first few only. */
  invalidRows: { row: number; title: string }[];
};

export type ImportOutcome =
  | { kind: 'done'; report: ImportReport }
  | {
      kind: 'stopped';
      report: ImportReport;
      reason: 'rate-limited' | 'failed' | 'cancelled';
      /** Why a failed import stopped, for the dialog to tell in the user's language. */
      error?: unknown;
    };

export const INVALID_ROWS_SHOWN = 5;
// A page that met a busy or restarting service is sent again: a page that did land the first time
// comes back as duplicates, and its versions as stored already, so nothing is added twice.
const RETRIES = 3;
const RETRY_DELAY_MS = 1_500;

export type ImportRunOptions = {
  send: (page: ImportPage) => Promise<ImportResult>;
  /** After each page: how many of the plan's prompts have been handled. */
  onProgress: (done: number) => void;
  cancelled: () => boolean;
  wait?: (ms: number) => Promise<void>;
};

/** Sends the plan page after page and adds up what the server did with each prompt. */
export async function runImport(plan: ImportPlan, options: ImportRunOptions): Promise<ImportOutcome> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const report: ImportReport = {
    imported: 0,
    skipped: { duplicate: 0, 'prompt-limit': 0, 'category-limit': 0, invalid: plan.invalid.length },
    categoriesCreated: 0,
    invalidRows: plan.invalid.slice(0, INVALID_ROWS_SHOWN),
  };
  // The ids the server gave the prompts, by their place in the plan: a history too long for its
  // prompt's page follows on later pages, addressed to the id.
  const ids = new Map<number, number>();
  for (const planned of importPages(plan.categories, plan.prompts)) {
    if (options.cancelled()) return { kind: 'stopped', report, reason: 'cancelled' };
    const page = pageBody(planned, ids);
    if (page === null) continue;
    let result: ImportResult | undefined;
    for (let attempt = 0; !result; attempt += 1) {
      try {
        result = await options.send(page);
      } catch (error) {
        const status = isApiFailure(error) ? error.status : undefined;
        if (status === 429) return { kind: 'stopped', report, reason: 'rate-limited' };
        if ((status === 503 || status === 'FETCH_ERROR') && attempt < RETRIES) {
          await wait(RETRY_DELAY_MS * (attempt + 1));
          continue;
        }
        return { kind: 'stopped', report, reason: 'failed', error };
      }
    }
    noteImported(planned, result, ids);
    report.categoriesCreated += result.categories.filter((category) => category.status === 'created').length;
    result.prompts.forEach((outcome, index) => {
      if (outcome.status === 'imported') {
        report.imported += 1;
        return;
      }
      report.skipped[outcome.reason] += 1;
      if (outcome.reason === 'invalid' && report.invalidRows.length < INVALID_ROWS_SHOWN) {
        const at = planned.first + index;
        report.invalidRows.push({ row: plan.rows[at]!, title: plan.prompts[at]!.title.slice(0, 80) });
      }
    });
    options.onProgress(planned.first + page.prompts.length);
  }
  return { kind: 'done', report };
}
