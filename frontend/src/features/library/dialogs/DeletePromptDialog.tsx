import { memo, useRef } from 'react';
import type { Prompt, PromptCard } from '@promptlib/proto';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useDeletionNotice } from '../hooks/useDeletionNotice';
import { useDeletePromptMutation } from '../library.api';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';

export const DeletePromptDialog = memo(function DeletePromptDialog({
  prompt,
  onClose,
  onDeleted,
}: {
  prompt: PromptCard | Prompt | null;
  onClose: () => void;
  /** Told before the dialog closes, once the prompt is gone. */
  onDeleted?: (prompt: PromptCard | Prompt) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const noticeOfDeletion = useDeletionNotice();
  const [deletePrompt, { isLoading }] = useDeletePromptMutation();
  // The title stays while the dialog fades out after the prompt is let go of.
  const shown = useRef(prompt);
  if (prompt) shown.current = prompt;

  const confirm = async () => {
    if (!prompt) return;
    try {
      await deletePrompt(prompt).unwrap();
      noticeOfDeletion(
        { title: t('library.toasts.success'), description: t('library.prompt.deleted') },
        { promptIds: [prompt.id], title: prompt.title },
      );
      onDeleted?.(prompt);
      onClose();
    } catch {
      notify({
        title: t('library.toasts.error'),
        description: t('library.prompt.deleteFailed'),
        variant: 'error',
      });
    }
  };

  return (
    <ConfirmDialog
      open={prompt !== null}
      title={t('library.prompt.deleteTitle')}
      message={t('library.prompt.deleteQuestion')}
      subject={shown.current?.title}
      confirmLabel={t('common.delete')}
      busyLabel={t('library.prompt.deleting')}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
});
