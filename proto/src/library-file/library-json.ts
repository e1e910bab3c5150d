import type { Category, ImportItem, ImportVersion, Prompt } from '../library';
import { GENERAL_CATEGORY_NAME, IMPORT_PAGE_MAX_VERSIONS } from '../limits';
import type { HistoryVersion, PromptVersionSource } from '../prompt-versions';
import { MAX_ID } from '../text-rules';
import {
  isGeneralName,
  tagsOf,
  LIBRARY_FILE_FORMAT,
  LIBRARY_FILE_VERSION,
  type LibraryFile,
  type LibraryFileVersion,
} from './format';
import { IMPORT_PART_MAX_BYTES, jsonBytes } from './import-pages';
import { countOf, ImportFileError, momentOf, overLimits, planOf, type ImportPlan } from './plan';

/** What an export reads of the library: every prompt, every category, every prompt's history. */
export type StoredLibrary = { prompts: Prompt[]; categories: Category[]; versions: HistoryVersion[] };

export function libraryFile(library: StoredLibrary, now: Date): LibraryFile {
  const { prompts, categories, versions } = library;
  const general = categories.find((category) => isGeneralName(category.name));
  const nameOf = new Map(categories.map((category) => [category.id, category.name]));
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);
  const historyOf = new Map<number, LibraryFileVersion[]>();
  for (const version of [...versions].sort((a, b) => a.promptId - b.promptId || a.version - b.version)) {
    const history = historyOf.get(version.promptId) ?? [];
    history.push({
      version: version.version,
      title: version.title,
      content: version.content,
      category: (version.categoryId !== null && nameOf.get(version.categoryId)) || null,
      createdAt: version.createdAt,
      source: version.source,
    });
    historyOf.set(version.promptId, history);
  }
  return {
    format: LIBRARY_FILE_FORMAT,
    version: LIBRARY_FILE_VERSION,
    exportedAt: now.toISOString(),
    categories: ordered.map((category) => ({
      name: category.name,
      position: category.position,
      isDefault: category.id === general?.id,
    })),
    prompts: oldestFirst(prompts).map((prompt) => ({
      title: prompt.title,
      content: prompt.content,
      category:
        (prompt.categoryId !== null && nameOf.get(prompt.categoryId)) ||
        general?.name ||
        GENERAL_CATEGORY_NAME,
      isFavorite: prompt.isFavorite === 1,
      usageCount: prompt.usageCount,
      createdAt: prompt.createdAt,
      updatedAt: prompt.updatedAt,
      tags: prompt.tags,
      versions: historyOf.get(prompt.id) ?? [],
    })),
  };
}

function oldestFirst(prompts: Prompt[]): Prompt[] {
  return [...prompts].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** The file as it is saved: indented, for a person to read and a diff to compare. */
export function libraryJson(file: LibraryFile): string {
  return JSON.stringify(file, null, 2);
}

/** Reads a file of version 1 (without history) or 2. */
export function jsonPlan(text: string): ImportPlan {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new ImportFileError('notJson');
  }
  const candidate = file as Partial<Omit<LibraryFile, 'version'>> & { version?: unknown };
  if (
    !candidate ||
    candidate.format !== LIBRARY_FILE_FORMAT ||
    (candidate.version !== 1 && candidate.version !== 2) ||
    !Array.isArray(candidate.prompts) ||
    !Array.isArray(candidate.categories)
  ) {
    throw new ImportFileError('notOurJson');
  }
  const categories = candidate.categories
    .filter((category) => category && typeof category.name === 'string' && !category.isDefault)
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((category) => category.name);
  const defaults = new Set(
    candidate.categories.filter((category) => category?.isDefault).map((category) => category.name),
  );
  const items = candidate.prompts.map((prompt): ImportItem => {
    const category = typeof prompt?.category === 'string' ? prompt.category : null;
    const createdAt = momentOf(prompt?.createdAt);
    const updatedAt = momentOf(prompt?.updatedAt);
    const versions = candidate.version === 2 ? historyOf(prompt?.versions) : [];
    const tags = tagsOf(prompt?.tags);
    return {
      title: typeof prompt?.title === 'string' ? prompt.title : '',
      content: typeof prompt?.content === 'string' ? prompt.content : '',
      category: category === null || defaults.has(category) ? null : category,
      isFavorite: prompt?.isFavorite === true,
      usageCount: countOf(prompt?.usageCount),
      ...(createdAt === undefined ? {} : { createdAt }),
      ...(updatedAt === undefined ? {} : { updatedAt }),
      ...(tags.length === 0 ? {} : { tags }),
      ...(versions.length === 0 ? {} : { versions }),
    };
  });
  return planOf('library-json', categories, items);
}

// Checked by the compiler against the API's list: a source added there must be added here.
const SOURCES: Record<PromptVersionSource, true> = { app: true, import: true, restore: true, api: true };

/**
 * A prompt's history as the API takes it. A version that could not travel (too long, or not
 * numbered as the API numbers them) is left out; the rest keep their numbers, or the server numbers
 * them again. No plan keeps more than IMPORT_PAGE_MAX_VERSIONS, so only that many newest are sent.
 */
function historyOf(value: unknown): ImportVersion[] {
  if (!Array.isArray(value)) return [];
  const versions = value.flatMap((entry: Partial<Record<keyof LibraryFileVersion, unknown>> | null) => {
    if (
      typeof entry !== 'object' ||
      entry === null ||
      typeof entry.version !== 'number' ||
      !Number.isInteger(entry.version) ||
      entry.version < 1 ||
      entry.version > MAX_ID ||
      typeof entry.title !== 'string' ||
      typeof entry.content !== 'string'
    )
      return [];
    const source = entry.source;
    const version: ImportVersion = {
      version: entry.version,
      title: entry.title,
      content: entry.content,
      category: typeof entry.category === 'string' ? entry.category : null,
      createdAt: momentOf(entry.createdAt) ?? '',
      source:
        typeof source === 'string' && Object.hasOwn(SOURCES, source)
          ? (source as PromptVersionSource)
          : 'import',
    };
    return overLimits(version) || jsonBytes(version) > IMPORT_PART_MAX_BYTES ? [] : [version];
  });
  return versions.slice(-IMPORT_PAGE_MAX_VERSIONS);
}
