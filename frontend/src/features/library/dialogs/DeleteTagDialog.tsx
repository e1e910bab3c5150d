import type { TagSummary } from '@promptlib/proto';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useDeleteTagMutation } from '../library.api';

type Props = {
  tag: TagSummary | null;
  onDeleted: (name: string) => void;
  onClose: () => void;
};

/** Names the tag and how many prompts carry it: it leaves them all, the prompts themselves stay. */
export const DeleteTagDialog = memo(function DeleteTagDialog({ tag, onDeleted, onClose }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [deleteTag, { isLoading }] = useDeleteTagMutation();
  // The last tag stays on screen while the dialog fades out.
  const [shown, setShown] = useState(tag);
  if (tag !== null && tag !== shown) setShown(tag);

  const confirm = async () => {
    if (!shown) return;
    try {
      const changed = await deleteTag(shown.name).unwrap();
      notify({
        title: t('library.toasts.success'),
        description: t('library.tags.deleted', { tag: shown.name, count: changed.prompts }),
        variant: 'success',
      });
      onDeleted(shown.name);
      onClose();
    } catch (error) {
      notifyFailure(error, t('library.tags.deleteFailed'));
    }
  };

  return (
    <ConfirmDialog
      open={tag !== null}
      title={t('library.tags.deleteTitle')}
      message={t('library.tags.deleteQuestion', { tag: shown?.name ?? '', count: shown?.count ?? 0 })}
      confirmLabel={t('common.delete')}
      busyLabel={t('library.tags.deleting')}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
});
