/** Sentences the services put in their errors and the SPA recognises, word for word. */
export const authMessages = {
  usernameTaken: 'This username is already taken',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  invalidCredentials: 'Invalid username or password',
  usernameControlCharacters: 'Username must not contain control characters',
  userNotFound: 'User not found',
  googleRejected: 'Google sign-in could not be verified. Please try again.',
  googleNotConfigured: 'Google sign-in is not enabled on this server.',
  apiKeyNotFound: 'API key not found',
  apiKeyLimit: 'You have 10 API keys, the most one account can have. Revoke one to create another.',
  apiKeyRequired: 'This API key is not valid: it is unknown, revoked or expired.',
  apiKeyScope: 'This API key may only read. Create a read-and-write key to make changes.',
  apiKeyNotAllowed: 'API keys cannot do this: sign in to the app instead.',
  apiKeyWithSession: 'Send either an API key or a session cookie, not both.',
  wrongCurrentPassword: 'This is not your current password.',
  wrongPassword: 'This is not your password.',
  confirmUsernameMismatch: 'Type your username exactly as it is shown to confirm.',
  sessionNotFound: 'This session has already ended.',
} as const;

export const libraryMessages = {
  promptNotFound: 'Prompt not found',
  versionNotFound: 'Version not found',
  tagNotFound: 'Tag not found',
  categoryNotFound: 'Category not found',
  generalProtected:
    'The General category cannot be deleted as it serves as the default category for prompts.',
  generalNotReorderable: 'The General category always comes first and cannot be moved.',
  generalNotRenamable: 'The General category keeps its name: it is the default category for prompts.',
  freePromptLimit: (limit: number) =>
    `You've reached the limit of ${limit} prompts on the free plan. Upgrade to Pro for unlimited prompts.`,
  freeCategoryLimit:
    'Free accounts can only use the General category. Upgrade to Pro for unlimited categories.',
  proPromptQuota: (limit: number) =>
    `You've reached the maximum of ${limit.toLocaleString('en-US')} prompts.`,
  proCategoryQuota: (limit: number) =>
    `You've reached the maximum of ${limit.toLocaleString('en-US')} categories.`,
} as const;

export const sharingMessages = {
  // One answer for unknown, revoked, deleted and malformed links: a link's existence is not told.
  linkNotFound: 'This prompt does not exist or has been removed.',
  promptNotFound: 'Prompt not found',
  notShared: 'This prompt is not shared.',
} as const;

export const billingMessages = {
  unknownPrice: 'Choose the monthly or the annual Pro plan.',
  alreadyActive: 'You already have an active Pro subscription.',
  checkoutNotFound: 'Checkout session not found',
  nothingToCancel: 'You have no active subscription to cancel.',
  nothingToResume: 'You have no subscription to resume.',
  nothingToChange: 'You have no subscription whose plan could change.',
  paymentsUnavailable: 'Payments are unavailable right now. Please try again in a moment.',
  badSignature: 'The Stripe-Signature header is missing, invalid or too old.',
  webhookNotStored: 'The event could not be stored; send it again later.',
} as const;

/** The sentence of each NOT_FOUND, by what was not found. */
export const notFoundMessages = {
  prompt: libraryMessages.promptNotFound,
  version: libraryMessages.versionNotFound,
  tag: libraryMessages.tagNotFound,
  category: libraryMessages.categoryNotFound,
  user: authMessages.userNotFound,
  checkout: billingMessages.checkoutNotFound,
  subscription: billingMessages.nothingToCancel,
  subscriptionToResume: billingMessages.nothingToResume,
  subscriptionToChange: billingMessages.nothingToChange,
  sharedPrompt: sharingMessages.linkNotFound,
  share: sharingMessages.notShared,
  apiKey: authMessages.apiKeyNotFound,
  session: authMessages.sessionNotFound,
} as const;

/** Sentences any route may answer with. */
export const commonMessages = {
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  unstorableValue: 'The request holds a value that cannot be stored.',
} as const;
