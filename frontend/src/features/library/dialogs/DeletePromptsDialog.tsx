import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import type { PromptMultiSelect } from '../hooks/usePromptMultiSelect';

/** Asks before the selected prompts go; the notice after it offers the Undo. */
export function DeletePromptsDialog({ selection }: { selection: PromptMultiSelect }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={selection.delete.open}
      title={t('library.selection.deleteTitle', { count: selection.count })}
      message={t('library.selection.deleteQuestion')}
      confirmLabel={t('common.delete')}
      busyLabel={t('library.prompt.deleting')}
      busy={selection.delete.busy}
      onConfirm={selection.delete.confirm}
      onClose={selection.delete.close}
    />
  );
}
