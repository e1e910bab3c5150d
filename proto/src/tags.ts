import { z } from 'zod';
import { limits } from './limits';
import { plainText, entityId } from './text';

/**
 * Tags: any number of labels per prompt besides its one category, on every plan. A tag is unique
 * per user whatever its case; the spelling first used is the one kept.
 */

/** A tag and how many of the user's prompts carry it (GET /api/tags). */
export const tagSummary = z.object({ name: z.string(), count: z.number().int().positive() });
export type TagSummary = z.output<typeof tagSummary>;

const tagText = plainText('Tag').max(limits.tag.max * 4);

/** PATCH /api/tags/{name}: the new name; one the user already has (any case) merges the two. */
export const renameTagBody = z.strictObject({ name: tagText });

export const tagRequest = z.object({ userId: entityId, name: z.string().max(limits.tag.max * 4) });
export const renameTagRequest = tagRequest.extend({ newName: tagText });

/** What a rename or a deletion changed: the tag now shown (null after a deletion), on how many prompts. */
export const tagChanged = z.object({ name: z.string().nullable(), prompts: z.number().int().nonnegative() });
export type TagChanged = z.output<typeof tagChanged>;
