import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../api/api-error';
import { useNotify } from '../../../shared/hooks/useNotify';
import { serverMessage } from '../../../shared/server-message';
import { useRestorePromptsMutation } from '../library.api';

/** What was deleted: the prompts' ids, and the title to name when there was one. */
export type Deletion = { promptIds: number[]; title?: string };

/**
 * The notice of a deletion, with its Undo: the prompts come back as they were (the server keeps a
 * deleted prompt for a few minutes). An Undo too late, or one the plan's limit no longer has room
 * for, says so.
 */
export function useDeletionNotice(): (
  notice: { title: string; description?: string },
  deletion: Deletion,
) => void {
  const { t } = useTranslation();
  const notify = useNotify();
  const [restore] = useRestorePromptsMutation();

  const undo = useCallback(
    async ({ promptIds, title }: Deletion) => {
      try {
        const { promptIds: restored } = await restore(promptIds).unwrap();
        notify({
          title:
            title !== undefined && restored.length === 1
              ? t('library.undo.restoredNamed', { title })
              : t('library.undo.restored', { count: restored.length }),
          variant: 'success',
        });
      } catch (error) {
        notify({
          title: t('library.toasts.error'),
          description:
            (error as Partial<ApiFailure>).status === 404
              ? t('library.undo.expired')
              : serverMessage(error, t, t('library.undo.failed')),
          variant: 'error',
        });
      }
    },
    [restore, notify, t],
  );

  return useCallback(
    (notice, deletion) =>
      notify({
        ...notice,
        variant: 'success',
        undo: { label: t('library.undo.label'), run: () => void undo(deletion) },
      }),
    [notify, undo, t],
  );
}
