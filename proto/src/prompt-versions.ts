import { z } from 'zod';
import { entityId } from './text';

/**
 * A prompt's history: every create and every change of its title, content or category is kept as
 * an immutable, numbered version (a copy or a favourite mark makes none). The plan decides how many
 * of each prompt's newest versions are kept; older ones are pruned when a new one is made.
 */

/** How a version was made: in the app, by an import, by restoring an older version, by the API. */
export const PROMPT_VERSION_SOURCES = ['app', 'import', 'restore', 'api'] as const;
export const promptVersionSource = z.enum(PROMPT_VERSION_SOURCES);
export type PromptVersionSource = z.output<typeof promptVersionSource>;

/** Version numbers start at 1 for each prompt and only grow; a Postgres integer holds them. */
export const versionNumber = z.number().int().positive().max(2_147_483_647);

/** One version as the API answers it. categoryId is null when that category no longer exists. */
export const promptVersion = z.object({
  version: versionNumber,
  title: z.string(),
  content: z.string(),
  categoryId: entityId.nullable(),
  createdAt: z.string(),
  source: promptVersionSource,
});
export type PromptVersion = z.output<typeof promptVersion>;

const userScopedPrompt = z.object({ userId: entityId, promptId: entityId });

/** A page of one prompt's versions, newest first, below `before` (a version number) when given. */
export const promptVersionsRequest = userScopedPrompt.extend({ before: versionNumber.nullish() });
export const promptVersionsPage = z.object({
  versions: z.array(promptVersion),
  nextBefore: versionNumber.nullable(),
});
export type PromptVersionsPage = z.output<typeof promptVersionsPage>;

/** One version of one prompt (GET …/versions/{version}; POST …/versions/{version}/restore). */
export const promptVersionRequest = userScopedPrompt.extend({ version: versionNumber });

/** A version in the history of every prompt of a user: an export reads them all this way. */
export const historyVersion = promptVersion.extend({ promptId: entityId });
export type HistoryVersion = z.output<typeof historyVersion>;

/** Where a page of the whole history starts: after this prompt's version (prompts by id, ascending). */
export const historyCursor = z.object({ promptId: entityId, version: versionNumber });
export type HistoryCursor = z.output<typeof historyCursor>;

export const promptHistoryRequest = z.object({ userId: entityId, after: historyCursor.nullish() });

/**
 * GET /api/prompts/history: a page of the versions of every prompt of the user, by prompt id and
 * then version number, ascending; `next` asks for the page after it, null at the end.
 */
export const promptHistoryPage = z.object({
  versions: z.array(historyVersion),
  next: historyCursor.nullable(),
});
export type PromptHistoryPage = z.output<typeof promptHistoryPage>;

/** A page of versions stays well under NATS's 1 MB message limit, as a page of prompts does. */
export const VERSION_PAGE_MAX_BYTES = 384 * 1024;
export const VERSION_PAGE_MAX_ROWS = 500;
