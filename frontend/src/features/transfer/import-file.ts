import { importPlan, markdownPlan, type ImportPlan } from '@promptlib/proto';
import { unzipMarkdown } from './markdown-zip';

/** What a chosen file would import: a zip is read as a Markdown export, any other file as text. */
export async function importPlanOfFile(file: File): Promise<ImportPlan> {
  if (file.name.toLowerCase().endsWith('.zip'))
    return markdownPlan(await unzipMarkdown(new Uint8Array(await file.arrayBuffer())));
  return importPlan(file.name, await file.text());
}
