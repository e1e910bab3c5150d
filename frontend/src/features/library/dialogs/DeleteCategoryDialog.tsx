import { memo } from 'react';
import type { Category } from '@promptlib/proto';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useDeleteCategoryMutation } from '../library.api';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';

type Props = {
  category: Category | null;
  promptCount: number;
  onDeleted: (category: Category) => void;
  onClose: () => void;
};

/** Names the category and how many prompts go with it, since they are deleted too. */
export const DeleteCategoryDialog = memo(function DeleteCategoryDialog({
  category,
  promptCount,
  onDeleted,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [deleteCategory, { isLoading }] = useDeleteCategoryMutation();

  const confirm = async () => {
    if (!category) return;
    try {
      await deleteCategory(category.id).unwrap();
      notify({
        title: t('library.categories.deleted.title'),
        description: t('library.categories.deleted.description', { name: category.name }),
        variant: 'success',
      });
      onDeleted(category);
      onClose();
    } catch (error) {
      if ((error as { code?: string }).code === 'GENERAL_CATEGORY_PROTECTED') {
        notify({
          title: t('library.categories.generalProtected.title'),
          description: t('library.categories.generalProtected.description'),
          variant: 'error',
        });
        return;
      }
      notifyFailure(error, t('library.categories.deleteFailed'));
    }
  };

  return (
    <ConfirmDialog
      open={category !== null}
      title={t('library.categories.deleteTitle')}
      message={t('library.categories.deleteQuestion', { name: category?.name ?? '', count: promptCount })}
      confirmLabel={t('common.delete')}
      busyLabel={t('library.categories.deleting')}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
});
