import { z } from 'zod';
import {
  IMPORT_MAX_USAGE_COUNT,
  IMPORT_PAGE_MAX_CATEGORIES,
  IMPORT_PAGE_MAX_PROMPTS,
  IMPORT_PAGE_MAX_VERSIONS,
  MAX_BODY_BYTES,
  PROMPT_BULK_MAX_IDS,
  PROMPT_MAX_TAGS,
  limits,
} from './limits';
import { promptVersionSource, versionNumber } from './prompt-versions';
import { entityId, plainText } from './text';

const id = entityId;
const userId = id;

/** A prompt as the API returns it. isFavorite is 1 or 0. */
export const prompt = z.object({
  id,
  title: z.string(),
  content: z.string(),
  categoryId: id.nullable(),
  isFavorite: z.union([z.literal(0), z.literal(1)]),
  usageCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its tags, each in the spelling the user first gave it, in the order added. */
  tags: z.array(z.string()),
});
export type Prompt = z.output<typeof prompt>;

/**
 * A user's own prompt as library.prompts.get answers it to other services: with its row version,
 * so a projection fed by this answer and by prompt events keeps whichever is newer.
 */
export const ownedPrompt = prompt.extend({ version: z.number().int().nonnegative() });
export type OwnedPrompt = z.output<typeof ownedPrompt>;

export const category = z.object({ id, name: z.string(), position: z.number().int() });
export type Category = z.output<typeof category>;

export const usageLimit = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  canCreate: z.boolean(),
});
export type UsageLimit = z.output<typeof usageLimit>;

/** GET /api/user/limits. A limit of -1 means unlimited. */
export const limitsRecord = z.object({
  isPro: z.boolean(),
  prompts: usageLimit,
  categories: usageLimit,
  /** How many of each prompt's newest versions the plan keeps. */
  versionsKept: z.number().int().positive(),
  subscription: z.object({ isCancelled: z.boolean(), endsAt: z.string().nullable() }),
});
export type LimitsRecord = z.output<typeof limitsRecord>;

export const categoryPosition = z.object({ id, position: z.number().int().min(0).max(1_000_000) });
export type CategoryPosition = z.output<typeof categoryPosition>;

/**
 * What a prompt's create or edit carries. Shape only, with room above the limits: the rules and
 * their messages live in the library service.
 */
export const promptFields = z.object({
  title: plainText('Title').max(limits.promptTitle.max * 4),
  content: plainText('Content', 'multiline').max(limits.promptContent.max * 4),
  categoryId: id.nullable(),
  /** The prompt's tags; an edit without them keeps those it has. */
  tags: z
    .array(plainText('Tag').max(limits.tag.max * 4))
    .max(PROMPT_MAX_TAGS * 4)
    .optional(),
});
export type PromptFields = z.output<typeof promptFields>;

// Requests the library service answers; every one names the acting user.
export const userScoped = z.object({ userId });
export type UserScoped = z.input<typeof userScoped>;

export const createCategoryRequest = userScoped.extend({
  name: plainText('Category name').max(limits.categoryName.max * 4),
});
export const renameCategoryRequest = userScoped.extend({
  categoryId: id,
  name: plainText('Category name').max(limits.categoryName.max * 4),
});
export const deleteCategoryRequest = userScoped.extend({ categoryId: id });
export const reorderCategoriesRequest = userScoped.extend({
  categoryPositions: z.array(categoryPosition).max(1_000),
});
export const listPromptsRequest = userScoped.extend({ before: id.nullish() });
export const promptRequest = userScoped.extend({ promptId: id });
export const createPromptRequest = userScoped.extend(promptFields.shape);
/** Many of the user's prompts at once; ids that are not theirs (or no longer there) are passed over. */
export const promptIdsRequest = userScoped.extend({
  promptIds: z.array(id).min(1).max(PROMPT_BULK_MAX_IDS),
});
/** null is General, as for a single prompt's edit. */
export const movePromptsRequest = promptIdsRequest.extend({ categoryId: id.nullable() });
export const updatePromptRequest = promptRequest.extend(promptFields.shape);
export const awaitTierVersionRequest = userScoped.extend({
  version: z.number().int().nonnegative(),
  timeoutMs: z.number().int().min(0).max(5_000),
});

/** A moment as an export writes it (ISO 8601); one that does not parse, or lies ahead, is taken as now. */
const importedTime = z.string().max(40);

/**
 * One version of an imported prompt's history, oldest first in its list. Its number is kept when
 * the list's numbers grow; otherwise the list is numbered again from 1. Its category is a name.
 */
export const importVersion = z.strictObject({
  version: versionNumber,
  title: z.string().max(MAX_BODY_BYTES),
  content: z.string().max(MAX_BODY_BYTES),
  category: z.string().max(MAX_BODY_BYTES).nullable(),
  createdAt: importedTime,
  source: promptVersionSource,
});
export type ImportVersion = z.output<typeof importVersion>;

/**
 * One prompt of an imported file. Only its shape is checked here: text that breaks the create rules
 * (lengths, control characters, a category name's rules) skips the item as `invalid` in the
 * library service, so one bad row does not fail a page. No string can be longer than the body.
 * Without dates the prompt is made now; without versions its history starts with the import.
 */
export const importItem = z.strictObject({
  title: z.string().max(MAX_BODY_BYTES),
  content: z.string().max(MAX_BODY_BYTES),
  /** A category name; null or General's name is General. */
  category: z.string().max(MAX_BODY_BYTES).nullable(),
  isFavorite: z.boolean().default(false),
  usageCount: z.number().int().min(0).max(IMPORT_MAX_USAGE_COUNT).default(0),
  createdAt: importedTime.optional(),
  updatedAt: importedTime.optional(),
  /** Tags that break a rule (see the create's) skip the item as `invalid`. */
  tags: z
    .array(z.string().max(limits.tag.max * 4))
    .max(PROMPT_MAX_TAGS * 4)
    .optional(),
  versions: z.array(importVersion).max(IMPORT_PAGE_MAX_VERSIONS).optional(),
  /**
   * The number, time and source of the version that holds the item's own text, which travels once:
   * as the item's. Without it, the item's text is the newest of `versions`, or a version of the import.
   */
  currentVersion: z
    .strictObject({ version: versionNumber, createdAt: importedTime, source: promptVersionSource })
    .optional(),
});
export type ImportItem = z.output<typeof importItem>;

/**
 * More of the history of a prompt an earlier page imported (by the id its answer gave): a history
 * too long for one page travels over several. Versions already there are passed over.
 */
export const importHistory = z.strictObject({
  promptId: entityId,
  versions: z.array(importVersion).min(1).max(IMPORT_PAGE_MAX_VERSIONS),
});
export type ImportHistory = z.output<typeof importHistory>;

/** POST /api/prompts/import: one page of a file the SPA has parsed. */
export const importPage = z.strictObject({
  /** Categories to have, in this order after the user's own (an export's category order). */
  categories: z.array(z.string().max(MAX_BODY_BYTES)).max(IMPORT_PAGE_MAX_CATEGORIES).default([]),
  prompts: z.array(importItem).max(IMPORT_PAGE_MAX_PROMPTS),
  history: z.array(importHistory).max(IMPORT_PAGE_MAX_PROMPTS).default([]),
});
export type ImportPage = z.input<typeof importPage>;

export const importPromptsRequest = userScoped.extend(importPage.shape);

export const importedCategory = z.union([
  z.object({ name: z.string(), status: z.enum(['created', 'existing']) }),
  z.object({ name: z.string(), status: z.literal('skipped'), reason: z.enum(['category-limit', 'invalid']) }),
]);
export type ImportedCategory = z.output<typeof importedCategory>;

export const importedPrompt = z.union([
  z.object({ status: z.literal('imported'), id }),
  z.object({
    status: z.literal('skipped'),
    reason: z.enum(['duplicate', 'prompt-limit', 'category-limit', 'invalid']),
  }),
]);
export type ImportedPrompt = z.output<typeof importedPrompt>;
export type ImportSkipReason = Extract<ImportedPrompt, { status: 'skipped' }>['reason'];

/**
 * What became of each category, prompt and history of an import page, in the page's order; a
 * history says how many of its versions were added (none for a prompt that is not the user's).
 */
export const importResult = z.object({
  categories: z.array(importedCategory),
  prompts: z.array(importedPrompt),
  history: z.array(z.object({ promptId: id, added: z.number().int().nonnegative() })),
});
export type ImportResult = z.output<typeof importResult>;

export const deletedCategory = z.object({ categoryId: id, deletedPromptIds: z.array(id) });
export type DeletedCategory = z.output<typeof deletedCategory>;

/** DELETE /api/categories/{id}: the prompts that went with the category, for the SPA's cache. */
export const deleteCategoryResponse = z.object({ success: z.literal(true), deletedPromptIds: z.array(id) });
export type DeleteCategoryResponse = z.output<typeof deleteCategoryResponse>;

/** The prompts a bulk route changed, ascending: those of the ids named that were the user's to change. */
export const changedPrompts = z.object({ promptIds: z.array(id) });
export type ChangedPrompts = z.output<typeof changedPrompts>;

export const copyResult = z.object({ usageCount: z.number().int().nonnegative() });
export type CopyResult = z.output<typeof copyResult>;

export const tierStatus = z.object({ isPro: z.boolean() });
export type TierStatus = z.output<typeof tierStatus>;

export const tierVersionReached = z.object({ reached: z.boolean(), version: z.number().int() });
export type TierVersionReached = z.output<typeof tierVersionReached>;

/** `{ success: true }`: a change that answers nothing else. */
export const done = z.object({ success: z.literal(true) });
export type Done = z.output<typeof done>;

/**
 * One page of a user's prompts, newest first; `nextBefore` is the cursor of the next page, null at
 * the end. `library.prompts.list` answers it as a raw reply: the body is the UTF-8 JSON text of a
 * Prompt[] (built by Postgres) and the rest travels in headers, so the gateway streams the bytes to
 * the browser without parsing and re-serialising thousands of objects.
 */
export type PromptPage = { promptsJson: Uint8Array; count: number; nextBefore: number | null };

export const promptPageHeaders = { count: 'x-page-count', nextBefore: 'x-page-next-before' } as const;

/**
 * GET /api/prompts/pages: the whole prompts a page at a time, newest first, for a reader that wants
 * every text (an export) and progress between pages. `nextBefore` asks for the next page; null at the end.
 */
export const wholePromptsPage = z.object({ prompts: z.array(prompt), nextBefore: id.nullable() });
export type WholePromptsPage = z.output<typeof wholePromptsPage>;

/** A page of prompts stays well under NATS's 1 MB message limit (and our 512 kB ceiling). */
export const PROMPT_PAGE_MAX_BYTES = 384 * 1024;
export const PROMPT_PAGE_MAX_ROWS = 500;
/** What a prompt's fields besides title and content add to its JSON, as counted when sizing a page. */
export const PROMPT_JSON_OVERHEAD_BYTES = 256;
