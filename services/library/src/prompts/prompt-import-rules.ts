import {
  textProblem,
  type ImportItem,
  type ImportSkipReason,
  type ImportVersion,
  type ImportedCategory,
} from '@promptlib/proto';
import { importedDates } from '../versions/version-rules';
import { normalizeTags } from '../tags/tag-rules';
import { categoryNameProblems, normalizeCategoryName } from '../categories/category-rules';
import { normalizePrompt, promptProblems } from './prompt-rules';

/**
 * An item of an import page that passes the create rules; `category` null means General. Its
 * history is checked when it is stored (see importedHistory).
 */
export type ImportCandidate = {
  title: string;
  content: string;
  category: string | null;
  isFavorite: boolean;
  usageCount: number;
  createdAt: Date;
  updatedAt: Date;
  versions: ImportVersion[];
  currentVersion: ImportItem['currentVersion'];
  /** Trimmed and distinct, not yet in the user's spelling. */
  tags: string[];
};

/** The item as create would store it, or null when create would refuse it (skipped as `invalid`). */
export function importCandidate(item: ImportItem, now: Date): ImportCandidate | null {
  const input = normalizePrompt(item);
  if (textProblem(input.title) || textProblem(input.content, 'multiline') || promptProblems(input))
    return null;
  let category: string | null = null;
  if (item.category !== null) {
    category = validCategoryName(item.category);
    if (category === null) return null;
  }
  const tags = normalizeTags(item.tags ?? []);
  if ('problems' in tags) return null;
  return {
    tags: tags.tags,
    ...input,
    category,
    isFavorite: item.isFavorite,
    usageCount: item.usageCount,
    ...importedDates(item, now),
    versions: item.versions ?? [],
    currentVersion: item.currentVersion,
  };
}

/** The name as category create would store it, or null when create would refuse it. */
export function validCategoryName(raw: string): string | null {
  const name = normalizeCategoryName(raw);
  return textProblem(name) || categoryNameProblems(name) ? null : name;
}

/**
 * What counts as the same prompt text: the same characters once the ends are trimmed. Case and
 * the whitespace inside matter (indentation in a snippet, a name's capitals), so two prompts that
 * differ only there are both kept. Applied to title and content alike.
 */
export function comparableText(text: string): string {
  return text.trim();
}

/**
 * The key of the category a prompt goes into: the one it names, else General; always General for a
 * free account, as create puts every prompt of one there whatever category is asked for.
 */
export function targetCategoryKey(
  category: string | null,
  state: Pick<ImportState, 'keyOf' | 'generalKey' | 'onlyGeneral'>,
): string {
  return category === null || state.onlyGeneral ? state.generalKey : state.keyOf(category);
}

/** A prompt's identity for the duplicate rule: its category's key with its comparable title and content. */
export function duplicateKey(categoryKey: string, title: string, content: string): string {
  return `${categoryKey}\u0000${comparableText(title)}\u0000${comparableText(content)}`;
}

/**
 * The user's library as the plan needs it. Category keys are the names as the uniqueness rule
 * compares them (Postgres's `lower(name)`, which the unique index uses), worked out by the caller.
 */
export type ImportState = {
  /** The key of every valid category name on the page. */
  keyOf: (name: string) => string;
  /** General's key. */
  generalKey: string;
  /** Keys of the categories the user has, General included. */
  existingCategories: ReadonlySet<string>;
  /** duplicateKey() of the user's prompts that could be duplicates of the page's. */
  existingPrompts: ReadonlySet<string>;
  /** A free account keeps every prompt in General, as create does. */
  onlyGeneral: boolean;
  /** How many more categories, and prompts, the user's tier allows. */
  categoryRoom: number;
  promptRoom: number;
};

export type PlannedPrompt =
  | ({ status: 'import'; categoryKey: string } & Omit<ImportCandidate, 'category'>)
  | { status: 'skipped'; reason: ImportSkipReason };

export type ImportPlan = {
  /** One per requested category name, in the page's order. */
  categories: ImportedCategory[];
  /** The categories to create, in this order after the user's own: names and their keys. */
  newCategories: { name: string; key: string }[];
  /** One per item, in the page's order. */
  prompts: PlannedPrompt[];
};

/**
 * Decides what an import page does, the rules in order: an item that breaks the create rules is
 * `invalid`; the requested categories, then those the items name, are created when missing and
 * within the tier's category room (otherwise the category and its prompts are `category-limit`); a
 * free account may use General alone, so every category but General it asks for is
 * `category-limit` and every prompt goes into General, as create does; a prompt whose text its
 * target category already holds (the page's earlier prompts included) is a `duplicate`; past the
 * tier's prompt room the rest are `prompt-limit`.
 */
export function planImport(
  requested: readonly string[],
  items: readonly (ImportCandidate | null)[],
  state: ImportState,
): ImportPlan {
  const available = new Set(state.existingCategories);
  const refused = new Set<string>();
  const newCategories: ImportPlan['newCategories'] = [];
  let categoryRoom = state.categoryRoom;

  /** Whether the category can hold prompts, creating it if need be; whether it was just made. */
  const resolve = (name: string, key: string): 'created' | 'existing' | 'category-limit' => {
    if (state.onlyGeneral && key !== state.generalKey) return 'category-limit';
    if (available.has(key)) return 'existing';
    if (refused.has(key) || categoryRoom <= 0) {
      refused.add(key);
      return 'category-limit';
    }
    categoryRoom -= 1;
    available.add(key);
    newCategories.push({ name, key });
    return 'created';
  };

  const categories = requested.map((raw): ImportedCategory => {
    const name = validCategoryName(raw);
    if (name === null) return { name: raw, status: 'skipped', reason: 'invalid' };
    const status = resolve(name, state.keyOf(name));
    return status === 'category-limit' ? { name, status: 'skipped', reason: status } : { name, status };
  });

  const seen = new Set(state.existingPrompts);
  let promptRoom = state.promptRoom;
  const prompts = items.map((item): PlannedPrompt => {
    if (item === null) return { status: 'skipped', reason: 'invalid' };
    const { category, ...fields } = item;
    const categoryKey = targetCategoryKey(category, state);
    if (category !== null && !state.onlyGeneral && resolve(category, categoryKey) === 'category-limit') {
      return { status: 'skipped', reason: 'category-limit' };
    }
    const key = duplicateKey(categoryKey, item.title, item.content);
    if (seen.has(key)) return { status: 'skipped', reason: 'duplicate' };
    if (promptRoom <= 0) return { status: 'skipped', reason: 'prompt-limit' };
    promptRoom -= 1;
    seen.add(key);
    return { status: 'import', categoryKey, ...fields };
  });

  return { categories, newCategories, prompts };
}
