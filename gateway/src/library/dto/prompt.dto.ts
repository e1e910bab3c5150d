import { limits, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const title = z
  .string({ error: validationMessages.promptTitleMin })
  .trim()
  .min(limits.promptTitle.min, validationMessages.promptTitleMin)
  .max(limits.promptTitle.max, validationMessages.promptTitleMax);

const content = z
  .string({ error: validationMessages.promptContentMin })
  .refine((value) => value.trim().length >= limits.promptContent.min, validationMessages.promptContentMin)
  .refine((value) => value.length <= limits.promptContent.max, validationMessages.promptContentMax);

const CATEGORY_ID = 'Category must be a category id or null';

/**
 * SPEC lets the create form send the category as a number, a string or null. A numeric string is
 * that id; any other string (the client's 'temp-general' placeholder) or nothing means General.
 */
const categoryId = z
  .union([z.number().int().positive(CATEGORY_ID), z.string(), z.null()], { error: CATEGORY_ID })
  .optional()
  .transform((value) => {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value.trim())) return Number(value.trim());
    return null;
  });

export const promptDto = z.object({ title, content, categoryId });

export type PromptDto = z.output<typeof promptDto>;
