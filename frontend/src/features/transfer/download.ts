/** Saves `data` as a file named `name` through the browser's own download. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `prompt-library-2025-02-01.json`: the day in the name, so exports sort and do not overwrite. */
export function exportName(extension: string, now = new Date()): string {
  return `prompt-library-${now.toISOString().slice(0, 10)}.${extension}`;
}
