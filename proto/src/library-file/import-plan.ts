import { csvPlan } from './library-csv';
import { jsonPlan } from './library-json';
import { markdownPlan } from './library-markdown';
import type { ImportPlan } from './plan';

/**
 * Reads our JSON, our CSV, the prompts.chat CSV (`act,prompt`) or one Markdown file; throws
 * ImportFileError saying why not. A zip of Markdown files is unpacked first and read by markdownPlan.
 */
export function importPlan(fileName: string, text: string): ImportPlan {
  const name = fileName.toLowerCase();
  if (name.endsWith('.md') || name.endsWith('.markdown')) return markdownPlan([{ path: fileName, text }]);
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (name.endsWith('.json') || trimmed.startsWith('{')) return jsonPlan(trimmed);
  return csvPlan(text);
}
