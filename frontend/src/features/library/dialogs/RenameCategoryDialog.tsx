import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Category } from '@promptlib/proto';
import { useFormik } from 'formik';
import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelAndSubmit } from '../../../shared/components/CancelAndSubmit';
import { FormTextField } from '../../../shared/components/FormTextField';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useRenameCategoryMutation } from '../library.api';
import { categorySchema } from './prompt.schema';

type Props = {
  /** The category to rename; the dialog is open while there is one. */
  category: Category | null;
  categories: Category[];
  onClose: () => void;
};

/**
 * A new name for one of the user's own categories, by the rules of a new category's (another of the
 * user's categories may not have it, whatever its case; a change of case alone is a new name). Its
 * prompts stay where they are.
 */
export const RenameCategoryDialog = memo(function RenameCategoryDialog({
  category,
  categories,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const [renameCategory] = useRenameCategoryMutation();
  // The last category stays on screen while the dialog fades out.
  const [shown, setShown] = useState(category);
  if (category !== null && category !== shown) setShown(category);

  const schema = useMemo(
    () =>
      categorySchema(
        t,
        categories.filter((other) => other.id !== shown?.id).map((other) => other.name),
      ),
    [t, i18n.resolvedLanguage, categories, shown],
  );

  const form = useFormik({
    initialValues: { name: shown?.name ?? '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async ({ name }) => {
      if (!shown) return;
      const wanted = name.trim();
      if (wanted === shown.name) {
        onClose();
        return;
      }
      try {
        const renamed = await renameCategory({ id: shown.id, name: wanted }).unwrap();
        notify({
          title: t('library.categories.renamed.title'),
          description: t('library.categories.renamed.description', { old: shown.name, name: renamed.name }),
          variant: 'success',
        });
        onClose();
      } catch (error) {
        notifyFailure(error, t('library.categories.renameFailed'));
      }
    },
  });

  const close = () => {
    if (!form.isSubmitting) onClose();
  };

  return (
    <Dialog
      open={category !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => form.resetForm() } }}
    >
      <DialogTitle id={titleId}>{t('library.categories.renameTitle')}</DialogTitle>
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogContent>
          <FormTextField
            name="name"
            label={t('library.categories.nameLabel')}
            value={form.values.name}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            onFocus={(event) => event.target.select()}
            error={form.touched.name ? form.errors.name : undefined}
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <CancelAndSubmit
            submitting={form.isSubmitting}
            onCancel={close}
            cancelLabel={t('library.categories.cancel')}
            submitLabel={t('library.categories.rename')}
            busyLabel={t('library.categories.renaming')}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
});
