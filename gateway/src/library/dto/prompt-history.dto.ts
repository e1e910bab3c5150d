import { entityId, versionNumber } from '@promptlib/proto';
import { z } from 'zod';

const digits = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number);

/**
 * GET /api/prompts/history's query string: the page after a prompt's version (both given), or the
 * first page without them.
 */
export const historyAfterQuery = z
  .strictObject({
    afterPrompt: digits('afterPrompt must be a prompt id').pipe(entityId).optional(),
    afterVersion: digits('afterVersion must be a version number').pipe(versionNumber).optional(),
  })
  .refine((query) => (query.afterPrompt === undefined) === (query.afterVersion === undefined), {
    message: 'afterPrompt and afterVersion come together',
    path: ['afterVersion'],
  });
