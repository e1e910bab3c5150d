import { z } from 'zod';
import { apiKeySummary } from './api-keys';
import { accountDetails, sessionSummary } from './auth';
import { subscriptionRecord } from './billing';
import { category, prompt } from './library';
import { historyVersion } from './prompt-versions';
import { shareSummary } from './sharing';
import { tagSummary } from './tags';

export const ACCOUNT_EXPORT_FORMAT = 'prompt-library-account-export';

/**
 * GET /api/user/export: everything held about the user, in one JSON file. Prompts carry their tags;
 * every version of every prompt follows them; share links carry their views; subscriptions are
 * billing's records of the Stripe subscriptions, oldest first.
 */
export const accountExport = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  account: accountDetails.extend({ isPro: z.boolean() }),
  sessions: z.array(sessionSummary),
  apiKeys: z.array(apiKeySummary),
  categories: z.array(category),
  tags: z.array(tagSummary),
  shareLinks: z.array(shareSummary),
  subscriptions: z.array(subscriptionRecord),
  prompts: z.array(prompt),
  promptVersions: z.array(historyVersion),
});
export type AccountExport = z.output<typeof accountExport>;
