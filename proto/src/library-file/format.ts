// Kept free of zod, as text-rules.ts is: the browser's import and export dialogs carry this code.
import { GENERAL_CATEGORY_NAME } from '../limits';
import type { PromptVersionSource } from '../prompt-versions';

/**
 * The library in open formats, written by an export and read by an import. JSON is lossless
 * (categories in their order, favourites, use counts, dates, each prompt's history); CSV is one row
 * per prompt for spreadsheets; Markdown is one file per prompt with YAML front matter. Prompts are
 * written oldest first, so an import adds them in their original order.
 */
export const LIBRARY_FILE_FORMAT = 'prompt-library';
/** Version 2 carries each prompt's history; a version 1 file (without it) is still read. */
export const LIBRARY_FILE_VERSION = 2;

/** One version of a prompt's history. Its category is a name, or null for one deleted since. */
export type LibraryFileVersion = {
  version: number;
  title: string;
  content: string;
  category: string | null;
  createdAt: string;
  source: PromptVersionSource;
};

export type LibraryFilePrompt = {
  title: string;
  content: string;
  category: string;
  isFavorite: boolean;
  usageCount: number;
  createdAt: string;
  updatedAt: string;
  /** Its tags (a file written before tags existed has none). */
  tags: string[];
  /** Oldest first; the last is the prompt's current text. */
  versions: LibraryFileVersion[];
};

export type LibraryFileCategory = { name: string; position: number; isDefault: boolean };

export type LibraryFile = {
  format: typeof LIBRARY_FILE_FORMAT;
  version: typeof LIBRARY_FILE_VERSION;
  exportedAt: string;
  categories: LibraryFileCategory[];
  prompts: LibraryFilePrompt[];
};

/** The tags a file gives a prompt: strings only, or none. */
export function tagsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * Whether a category name is the built-in General, as the server's unique rule compares names
 * (trimmed, case ignored; Postgres's `lower()` may fold a rare letter differently).
 */
export function isGeneralName(name: string): boolean {
  return name.trim().toLowerCase() === GENERAL_CATEGORY_NAME.toLowerCase();
}
