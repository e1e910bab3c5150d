import { ImportFileError, isMarkdownPath, type MarkdownFile } from '@promptlib/proto';

// fflate is loaded only by someone who exports or imports Markdown.

/** The Markdown export's files as one zip, in their order. */
export async function zipMarkdown(files: MarkdownFile[]) {
  const { strToU8, zipSync } = await import('fflate');
  return zipSync(Object.fromEntries(files.map((file) => [file.path, strToU8(file.text)])), { level: 6 });
}

/** The Markdown files of a zip, in its order; throws ImportFileError when it is not a zip. */
export async function unzipMarkdown(bytes: Uint8Array): Promise<MarkdownFile[]> {
  const { unzipSync } = await import('fflate');
  let entries: Record<string, Uint8Array>;
  try {
    // Only what will be read is inflated: a zip's other files may be large.
    entries = unzipSync(bytes, { filter: (file) => isMarkdownPath(file.name) });
  } catch {
    throw new ImportFileError('brokenZip');
  }
  const decoder = new TextDecoder();
  return Object.entries(entries).map(([path, data]) => ({ path, text: decoder.decode(data) }));
}
