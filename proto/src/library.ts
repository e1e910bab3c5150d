/** A prompt as the API returns it. isFavorite is 1 or 0 (SPEC §3). */
export type Prompt = {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  isFavorite: 0 | 1;
  usageCount: number;
  createdAt: string;
  updatedAt: string;
};

export type UsageLimit = { used: number; limit: number; canCreate: boolean };

/** GET /api/user/limits. A limit of -1 means unlimited. */
export type LimitsRecord = {
  isPro: boolean;
  prompts: UsageLimit;
  categories: UsageLimit;
  subscription: { isCancelled: boolean; endsAt: string | null };
};

export type CategoryPosition = { id: number; position: number };

// Requests the library service answers; every one names the acting user.
export type UserScoped = { userId: number };
export type EnsureDefaultCategoryRequest = UserScoped;
export type ListCategoriesRequest = UserScoped;
export type CreateCategoryRequest = UserScoped & { name: string };
export type DeleteCategoryRequest = UserScoped & { categoryId: number };
export type ReorderCategoriesRequest = UserScoped & { categoryPositions: CategoryPosition[] };
export type ListPromptsRequest = UserScoped & { before?: number | null };
export type PromptRequest = UserScoped & { promptId: number };
export type CreatePromptRequest = UserScoped & { title: string; content: string; categoryId: number | null };
export type UpdatePromptRequest = PromptRequest & {
  title: string;
  content: string;
  categoryId: number | null;
};
export type AwaitTierVersionRequest = UserScoped & { version: number; timeoutMs: number };

/**
 * One page of a user's prompts, newest first; `nextBefore` is the cursor of the next page, null at
 * the end. `library.prompts.list` answers it as a raw reply: the body is the UTF-8 JSON text of a
 * Prompt[] (built by Postgres) and the rest travels in headers, so the gateway streams the bytes to
 * the browser without parsing and re-serialising thousands of objects.
 */
export type PromptPage = { promptsJson: Uint8Array; count: number; nextBefore: number | null };

export const promptPageHeaders = { count: 'x-page-count', nextBefore: 'x-page-next-before' } as const;

export type DeletedCategory = { categoryId: number; deletedPromptIds: number[] };
export type CopyResult = { usageCount: number };
export type TierStatus = { isPro: boolean };
export type TierVersionReached = { reached: boolean; version: number };

export const libraryMessages = {
  promptNotFound: 'Prompt not found',
  categoryNotFound: 'Category not found',
  generalProtected:
    'The General category cannot be deleted as it serves as the default category for prompts.',
  generalNotReorderable: 'The General category always comes first and cannot be moved.',
  freePromptLimit: (limit: number) =>
    `You've reached the limit of ${limit} prompts on the free plan. Upgrade to Pro for unlimited prompts.`,
  freeCategoryLimit:
    'Free accounts can only use the General category. Upgrade to Pro for unlimited categories.',
  proPromptQuota: (limit: number) =>
    `You've reached the maximum of ${limit.toLocaleString('en-US')} prompts.`,
  proCategoryQuota: (limit: number) =>
    `You've reached the maximum of ${limit.toLocaleString('en-US')} categories.`,
} as const;

/** A page of prompts stays well under NATS's 1 MB message limit (and our 512 kB ceiling). */
export const PROMPT_PAGE_MAX_BYTES = 384 * 1024;
export const PROMPT_PAGE_MAX_ROWS = 500;
/** What a prompt's fields besides title and content add to its JSON, as counted when sizing a page. */
export const PROMPT_JSON_OVERHEAD_BYTES = 256;
