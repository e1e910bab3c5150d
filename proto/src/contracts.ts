import { z } from 'zod';
import {
  accountDetails,
  authUser,
  changePasswordRequest,
  deleteAccountRequest,
  deletedAccount,
  getUserRequest,
  googleSignInReply,
  googleSignInRequest,
  registerRequest,
  verifyPasswordRequest,
} from './auth';
import {
  cancelSubscriptionRequest,
  resumeSubscriptionRequest,
  getSubscriptionRequest,
  changePlanRequest,
  subscriptionPlan,
  subscriptionRecord,
  checkoutSession,
  checkoutState,
  subscriptionCancelled,
  subscriptionResumed,
  checkoutStatusRequest,
  createCheckoutRequest,
  ingestWebhookRequest,
  webhookReceived,
} from './billing';
import {
  awaitTierVersionRequest,
  category,
  copyResult,
  createCategoryRequest,
  renameCategoryRequest,
  promptIdsRequest,
  movePromptsRequest,
  changedPrompts,
  createPromptRequest,
  deleteCategoryRequest,
  deletedCategory,
  done,
  importPromptsRequest,
  importResult,
  limitsRecord,
  listPromptsRequest,
  ownedPrompt,
  prompt,
  promptRequest,
  reorderCategoriesRequest,
  tierStatus,
  tierVersionReached,
  updatePromptRequest,
  userScoped,
} from './library';
import {
  promptCardsPage,
  promptCardsRequest,
  promptCounts,
  promptTitlesPage,
  promptTitlesRequest,
} from './prompt-cards';
import {
  getPublicShareRequest,
  listSharesRequest,
  shareCreated,
  shareRequest,
  sharedPrompt,
  shareSummary,
} from './sharing';
import {
  promptHistoryPage,
  promptHistoryRequest,
  promptVersion,
  promptVersionRequest,
  promptVersionsPage,
  promptVersionsRequest,
} from './prompt-versions';
import { subjects, type Subject } from './subjects';
import { renameTagRequest, tagChanged, tagRequest, tagSummary } from './tags';
import {
  apiKeyRequest,
  apiKeySummary,
  createApiKeyRequest,
  createdApiKey,
  revokedApiKey,
  verifiedApiKey,
  verifyApiKeyRequest,
} from './api-keys';

/**
 * How a subject's reply travels: `json` in Nest's NATS packet; `raw` as bytes with metadata in
 * headers (RawResponder), for a body that is already JSON text.
 */
export type Transport = 'json' | 'raw';

export type Contract = { request: z.ZodType; reply: z.ZodType; transport: Transport };

function json<Req extends z.ZodType, Rep extends z.ZodType>(request: Req, reply: Rep) {
  return { request, reply, transport: 'json' as const };
}

function raw<Req extends z.ZodType, Rep extends z.ZodType>(request: Req, reply: Rep) {
  return { request, reply, transport: 'raw' as const };
}

/**
 * Every subject's request and reply, declared once. The caller (ServiceClient) is typed by it, the
 * handler validates its payload with the same schema and is checked against the reply type.
 */
export const contracts = {
  [subjects.auth.usersRegister]: json(registerRequest, authUser),
  [subjects.auth.usersVerifyPassword]: json(verifyPasswordRequest, authUser),
  [subjects.auth.usersGet]: json(getUserRequest, authUser),
  [subjects.auth.usersAccount]: json(getUserRequest, accountDetails),
  [subjects.auth.usersChangePassword]: json(changePasswordRequest, done),
  [subjects.auth.usersDelete]: json(deleteAccountRequest, deletedAccount),
  [subjects.auth.usersGoogleSignIn]: json(googleSignInRequest, googleSignInReply),
  [subjects.auth.apiKeysCreate]: json(createApiKeyRequest, createdApiKey),
  [subjects.auth.apiKeysList]: json(getUserRequest, z.array(apiKeySummary)),
  [subjects.auth.apiKeysRevoke]: json(apiKeyRequest, revokedApiKey),
  [subjects.auth.apiKeysVerify]: json(verifyApiKeyRequest, verifiedApiKey),

  [subjects.library.categoriesEnsureDefault]: json(userScoped, category),
  [subjects.library.categoriesList]: json(userScoped, z.array(category)),
  [subjects.library.categoriesCreate]: json(createCategoryRequest, category),
  [subjects.library.categoriesRename]: json(renameCategoryRequest, category),
  [subjects.library.categoriesDelete]: json(deleteCategoryRequest, deletedCategory),
  [subjects.library.categoriesReorder]: json(reorderCategoriesRequest, z.array(category)),
  // Headers carry the page's count and next cursor (promptPageHeaders); the body is a Prompt[].
  [subjects.library.promptsList]: raw(listPromptsRequest, z.array(prompt)),
  [subjects.library.promptsCards]: json(promptCardsRequest, promptCardsPage),
  [subjects.library.promptsCounts]: json(userScoped, promptCounts),
  [subjects.library.promptsTitles]: json(promptTitlesRequest, promptTitlesPage),
  [subjects.library.promptsGet]: json(promptRequest, ownedPrompt),
  [subjects.library.promptsCreate]: json(createPromptRequest, prompt),
  // A page of at most 100 prompts in a request of at most the HTTP body's 100 kB; the reply is smaller.
  [subjects.library.promptsImport]: json(importPromptsRequest, importResult),
  [subjects.library.promptsUpdate]: json(updatePromptRequest, prompt),
  [subjects.library.promptsDelete]: json(promptRequest, done),
  [subjects.library.promptsDeleteMany]: json(promptIdsRequest, changedPrompts),
  [subjects.library.promptsMoveMany]: json(movePromptsRequest, changedPrompts),
  [subjects.library.promptsRestore]: json(promptIdsRequest, changedPrompts),
  [subjects.library.promptsCopy]: json(promptRequest, copyResult),
  [subjects.library.promptsToggleFavorite]: json(promptRequest, prompt),
  [subjects.library.versionsList]: json(promptVersionsRequest, promptVersionsPage),
  [subjects.library.versionsGet]: json(promptVersionRequest, promptVersion),
  [subjects.library.versionsRestore]: json(promptVersionRequest, prompt),
  [subjects.library.versionsHistory]: json(promptHistoryRequest, promptHistoryPage),
  [subjects.library.tagsList]: json(userScoped, z.array(tagSummary)),
  [subjects.library.tagsRename]: json(renameTagRequest, tagChanged),
  [subjects.library.tagsDelete]: json(tagRequest, tagChanged),
  [subjects.library.limitsGet]: json(userScoped, limitsRecord),
  [subjects.library.tierGet]: json(userScoped, tierStatus),
  [subjects.library.tierAwaitVersion]: json(awaitTierVersionRequest, tierVersionReached),

  [subjects.sharing.sharesCreate]: json(shareRequest, shareCreated),
  [subjects.sharing.sharesRevoke]: json(shareRequest, done),
  [subjects.sharing.sharesList]: json(listSharesRequest, z.array(shareSummary)),
  [subjects.sharing.sharesGetPublic]: json(getPublicShareRequest, sharedPrompt),

  [subjects.billing.checkoutCreate]: json(createCheckoutRequest, checkoutSession),
  [subjects.billing.checkoutStatus]: json(checkoutStatusRequest, checkoutState),
  [subjects.billing.subscriptionCancel]: json(cancelSubscriptionRequest, subscriptionCancelled),
  [subjects.billing.subscriptionResume]: json(resumeSubscriptionRequest, subscriptionResumed),
  [subjects.billing.subscriptionGet]: json(getSubscriptionRequest, subscriptionPlan),
  [subjects.billing.subscriptionChangePlan]: json(changePlanRequest, subscriptionPlan),
  [subjects.billing.subscriptionHistory]: json(getSubscriptionRequest, z.array(subscriptionRecord)),
  [subjects.billing.webhooksIngest]: json(ingestWebhookRequest, webhookReceived),
} satisfies { [S in Subject]: Contract };

type Contracts = typeof contracts;

/** What a caller sends on subject S (before the handler's schema applies its defaults). */
export type RequestOf<S extends Subject> = z.input<Contracts[S]['request']>;
/** What the handler of subject S receives once its payload has passed the schema. */
export type ParsedRequestOf<S extends Subject> = z.output<Contracts[S]['request']>;
/** What the handler of subject S answers. */
export type ReplyOf<S extends Subject> = z.output<Contracts[S]['reply']>;

export type JsonSubject = { [S in Subject]: Contracts[S]['transport'] extends 'json' ? S : never }[Subject];
export type RawSubject = { [S in Subject]: Contracts[S]['transport'] extends 'raw' ? S : never }[Subject];
