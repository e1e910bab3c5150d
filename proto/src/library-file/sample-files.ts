import type { LibraryFile, LibraryFilePrompt } from './format';

// Files for the format specs to write and read; nothing else imports them.

/** A prompt of a library file, its fields as a plain export writes them unless overridden. */
export const sampleEntry = (
  title: string,
  overrides: Partial<LibraryFilePrompt> = {},
): LibraryFilePrompt => ({
  title,
  content: `The text of ${title}.`,
  category: 'General',
  isFavorite: false,
  usageCount: 0,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
  tags: [],
  versions: [],
  ...overrides,
});

/** A version 2 file of these prompts. */
export const sampleFile = (prompts: LibraryFilePrompt[]): LibraryFile => ({
  format: 'prompt-library',
  version: 2,
  exportedAt: '2025-02-01T00:00:00.000Z',
  categories: [],
  prompts,
});
