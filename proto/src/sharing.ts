import { z } from 'zod';
import { entityId } from './text';

const id = entityId;

/** 128 random bits, base64url: 22 characters. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const shareId = z.string().regex(SHARE_ID_PATTERN);

// Requests the sharing service answers.
export const shareRequest = z.object({ userId: id, promptId: id });
export const listSharesRequest = z.object({ userId: id });
/** `client` is the visitor's address as the gateway sees it: views are counted once per client. */
export const getPublicShareRequest = z.object({ shareId, client: z.string().max(64) });

export const shareCreated = z.object({ shareId });
export type ShareCreated = z.output<typeof shareCreated>;

/** A live link as its owner sees it: the prompt's current title, to know it by. */
export const shareSummary = z.object({
  promptId: id,
  title: z.string(),
  shareId,
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type ShareSummary = z.output<typeof shareSummary>;

/** GET /api/shared/{shareId}: what a visitor of a public link sees. */
export const sharedPrompt = z.object({ title: z.string(), content: z.string() });
export type SharedPrompt = z.output<typeof sharedPrompt>;

/** POST /api/prompts/{id}/share: the link, with its absolute URL built from PUBLIC_URL. */
export const shareLink = shareCreated.extend({ url: z.string() });
export type ShareLink = z.output<typeof shareLink>;

/** GET /api/shares: the user's live links. */
export const sharedLink = shareSummary.extend({ url: z.string() });
export type SharedLink = z.output<typeof sharedLink>;
