/** Minimums from the product rules, maximums from the security rules; client and server share them. */
export const limits = {
  username: { min: 3, max: 50 },
  password: { min: 6, max: 128 },
  promptTitle: { min: 3, max: 200 },
  promptContent: { min: 5, max: 20_000 },
  categoryName: { min: 2, max: 50 },
  tag: { min: 1, max: 40 },
  apiKeyName: { min: 1, max: 60 },
} as const;

/** Tags one prompt may carry. */
export const PROMPT_MAX_TAGS = 20;

export const validationMessages = {
  usernameMin: `Username must be at least ${limits.username.min} characters`,
  usernameMax: `Username must be at most ${limits.username.max} characters`,
  passwordMin: `Password must be at least ${limits.password.min} characters`,
  passwordMax: `Password must be at most ${limits.password.max} characters`,
  passwordsDontMatch: "Passwords don't match",
  promptTitleMin: `Title must be at least ${limits.promptTitle.min} characters long`,
  promptTitleMax: `Title must be at most ${limits.promptTitle.max} characters long`,
  promptContentMin: `Content must be at least ${limits.promptContent.min} characters long`,
  promptContentMax: `Content must be at most ${limits.promptContent.max} characters long`,
  categoryNameMin: `Category name must be at least ${limits.categoryName.min} characters long`,
  categoryNameMax: `Category name must be at most ${limits.categoryName.max} characters long`,
  categoryNameTaken: 'A category with this name already exists',
  tagMin: `Tag must be at least ${limits.tag.min} character long`,
  tagMax: `Tag must be at most ${limits.tag.max} characters long`,
  // The comma separates tags where they are typed and in a CSV cell, so no tag holds one.
  tagComma: 'Tags cannot contain commas',
  tooManyTags: 'A prompt can have at most 20 tags',
  apiKeyNameMin: `Key name must be at least ${limits.apiKeyName.min} character long`,
  apiKeyNameMax: `Key name must be at most ${limits.apiKeyName.max} characters long`,
  apiKeyExpiry: 'A key must expire in the future, within a year',
} as const;

/** Largest JSON body the API accepts. */
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * A page of POST /api/prompts/import: at most this many prompts, and category names (an export's
 * whole category order, which a Pro user's quota bounds at 500 by default).
 */
export const IMPORT_PAGE_MAX_PROMPTS = 100;
export const IMPORT_PAGE_MAX_CATEGORIES = 500;
/**
 * Prompts one call of the bulk routes (delete, move, restore) may name: a page of a big import can
 * be cleaned up in a few calls, and one call's events (a prompt.updated of up to 60 KB per moved
 * prompt) stay a bounded amount of work for one transaction.
 */
export const PROMPT_BULK_MAX_IDS = 1_000;

/**
 * How long a deleted prompt can be restored (the Undo of a deletion). Within it the prompt is kept
 * apart from the library, counting against no limit and shown nowhere; after it the prompt is gone.
 */
export const DELETED_PROMPT_RESTORE_SECONDS = 10 * 60;

/** Highest usage count an import restores. */
export const IMPORT_MAX_USAGE_COUNT = 1_000_000_000;

/** -1 in a limits record means unlimited (Pro). */
export const UNLIMITED = -1;

/** Defaults of FREE_PROMPT_LIMIT, FREE_CATEGORY_LIMIT, the Pro abuse quotas and the versions each plan keeps. */
export const tierDefaults = {
  freePromptLimit: 5,
  freeCategoryLimit: 1,
  proMaxPrompts: 50_000,
  proMaxCategories: 500,
  freeVersionsKept: 20,
  proVersionsKept: 1_000,
} as const;

/** Versions of one prompt an import page may carry: a Pro plan's whole history, at most. */
export const IMPORT_PAGE_MAX_VERSIONS = 1_000;

/** The built-in default category every user has. */
export const GENERAL_CATEGORY_NAME = 'General';
