/**
 * NATS request-reply subjects, `<service>.<entity>.<verb>` without the namespace: processes add it
 * at runtime with `namespaced()`. Each is answered by the queue group of the service that owns it.
 */
export const subjects = {
  auth: {
    usersRegister: 'auth.users.register',
    usersVerifyPassword: 'auth.users.verifyPassword',
    usersGet: 'auth.users.get',
    usersAccount: 'auth.users.account',
    usersChangePassword: 'auth.users.changePassword',
    usersDelete: 'auth.users.delete',
    usersGoogleSignIn: 'auth.users.googleSignIn',
    apiKeysCreate: 'auth.apiKeys.create',
    apiKeysList: 'auth.apiKeys.list',
    apiKeysRevoke: 'auth.apiKeys.revoke',
    apiKeysVerify: 'auth.apiKeys.verify',
  },
  library: {
    categoriesEnsureDefault: 'library.categories.ensureDefault',
    categoriesList: 'library.categories.list',
    categoriesCreate: 'library.categories.create',
    categoriesRename: 'library.categories.rename',
    categoriesDelete: 'library.categories.delete',
    categoriesReorder: 'library.categories.reorder',
    promptsList: 'library.prompts.list',
    promptsCards: 'library.prompts.cards',
    promptsCounts: 'library.prompts.counts',
    promptsTitles: 'library.prompts.titles',
    promptsGet: 'library.prompts.get',
    promptsCreate: 'library.prompts.create',
    promptsImport: 'library.prompts.import',
    promptsUpdate: 'library.prompts.update',
    promptsDelete: 'library.prompts.delete',
    promptsDeleteMany: 'library.prompts.deleteMany',
    promptsMoveMany: 'library.prompts.moveMany',
    promptsRestore: 'library.prompts.restore',
    promptsCopy: 'library.prompts.copy',
    promptsToggleFavorite: 'library.prompts.toggleFavorite',
    versionsList: 'library.versions.list',
    versionsGet: 'library.versions.get',
    versionsRestore: 'library.versions.restore',
    versionsHistory: 'library.versions.history',
    tagsList: 'library.tags.list',
    tagsRename: 'library.tags.rename',
    tagsDelete: 'library.tags.delete',
    limitsGet: 'library.limits.get',
    tierGet: 'library.tier.get',
    tierAwaitVersion: 'library.tier.awaitVersion',
  },
  sharing: {
    sharesCreate: 'sharing.shares.create',
    sharesRevoke: 'sharing.shares.revoke',
    sharesList: 'sharing.shares.list',
    sharesGetPublic: 'sharing.shares.getPublic',
  },
  billing: {
    checkoutCreate: 'billing.checkout.create',
    checkoutStatus: 'billing.checkout.status',
    subscriptionCancel: 'billing.subscription.cancel',
    subscriptionResume: 'billing.subscription.resume',
    subscriptionGet: 'billing.subscription.get',
    subscriptionChangePlan: 'billing.subscription.changePlan',
    subscriptionHistory: 'billing.subscription.history',
    webhooksIngest: 'billing.webhooks.ingest',
  },
} as const;

type ValueOf<T> = T[keyof T];
export type Subject = ValueOf<{ [S in keyof typeof subjects]: ValueOf<(typeof subjects)[S]> }>;

/** Every request carries the acting user and is traced by the request id in the `x-request-id` header. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * When the caller stops waiting (ms since the epoch): a request that reaches a service later, after
 * a reconnect say, is not handled, since its caller has already been told it failed.
 */
export const REQUEST_DEADLINE_HEADER = 'x-request-deadline';

/** Whether a request's deadline header says its caller has stopped waiting. */
export function deadlinePassed(deadline: string | undefined, now = Date.now()): boolean {
  if (!deadline) return false;
  const at = Number(deadline);
  return Number.isFinite(at) && at <= now;
}

/**
 * Raw replies (bulk data sent as bytes, not inside a JSON packet) carry their metadata in headers;
 * a failure carries the ServiceError as JSON in this one and no body.
 */
export const SERVICE_ERROR_HEADER = 'x-service-error';

/** How long a caller waits for a reply before answering 503. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/** NATS refuses 1 MB by default; lists travel in pages well below it. */
export const MAX_MESSAGE_BYTES = 512 * 1024;
