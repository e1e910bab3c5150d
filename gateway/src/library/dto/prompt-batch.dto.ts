import { PROMPT_BULK_MAX_IDS, entityId } from '@promptlib/proto';
import { z } from 'zod';

const promptIds = z
  .array(entityId, { error: 'promptIds must be a list of prompt ids' })
  .min(1, 'Name at least one prompt')
  .max(PROMPT_BULK_MAX_IDS, `At most ${PROMPT_BULK_MAX_IDS} prompts at once`);

/** POST /api/prompts/delete and /api/prompts/restore. */
export const promptIdsDto = z.strictObject({ promptIds });

/** POST /api/prompts/move: null is General. */
export const movePromptsDto = z.strictObject({
  promptIds,
  categoryId: entityId.nullable(),
});
