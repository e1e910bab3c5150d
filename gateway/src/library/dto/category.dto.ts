import { entityId, limits, plainText, validationMessages } from '@promptlib/proto';
import { z } from 'zod';

const categoryName = plainText(
  'Category name',
  'line',
  z.string({ error: validationMessages.categoryNameMin }),
)
  .trim()
  .min(limits.categoryName.min, validationMessages.categoryNameMin)
  .max(limits.categoryName.max, validationMessages.categoryNameMax);

/** SPEC's client sends a position too; the server computes it (highest + 1), so it is accepted and ignored. */
export const createCategoryDto = z.object({ name: categoryName, position: z.unknown().optional() });

export const renameCategoryDto = z.object({ name: categoryName });

export const categoryPositionsDto = z.object({
  categoryPositions: z
    .array(
      z.object({
        id: entityId,
        position: z.number().int().min(0).max(1_000_000),
      }),
      { error: 'categoryPositions must be a list of { id, position }' },
    )
    .max(1_000),
});
