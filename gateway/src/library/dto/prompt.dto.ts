import { MAX_ID, PROMPT_MAX_TAGS, limits, plainText, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const title = plainText('Title', 'line', z.string({ error: validationMessages.promptTitleMin }))
  .trim()
  .min(limits.promptTitle.min, validationMessages.promptTitleMin)
  .max(limits.promptTitle.max, validationMessages.promptTitleMax);

const content = plainText('Content', 'multiline', z.string({ error: validationMessages.promptContentMin }))
  .refine((value) => value.trim().length >= limits.promptContent.min, {
    message: validationMessages.promptContentMin,
    params: { rule: 'tooShort' },
  })
  .refine((value) => value.length <= limits.promptContent.max, {
    message: validationMessages.promptContentMax,
    params: { rule: 'tooLong' },
  });

const CATEGORY_ID = 'Category must be a category id or null';

/**
 * SPEC lets the create form send the category as a number, a string or null. A numeric string is
 * that id; any other string (the client's 'temp-general' placeholder) or nothing means General. An
 * id, as a number or as digits, beyond what the database holds is refused.
 */
const categoryId = z
  .union([z.number().int(CATEGORY_ID).positive(CATEGORY_ID).max(MAX_ID, CATEGORY_ID), z.string(), z.null()], {
    error: CATEGORY_ID,
  })
  .optional()
  .transform((value, context) => {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value.trim())) return null;
    const id = Number(value.trim());
    if (id <= MAX_ID) return id;
    context.addIssue({ code: 'custom', message: CATEGORY_ID });
    return z.NEVER;
  });

// The shape only, with room above the limits: the library's rules say what a tag may be.
const tags = z
  .array(plainText('Tag').max(limits.tag.max * 4))
  .max(PROMPT_MAX_TAGS * 4)
  .optional();

export const promptDto = z.object({ title, content, categoryId, tags });

export type PromptDto = z.output<typeof promptDto>;
