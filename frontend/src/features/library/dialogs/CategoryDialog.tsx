import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Category, LimitsRecord } from '@promptlib/proto';
import { useFormik } from 'formik';
import { memo, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';
import { CancelAndSubmit } from '../../../shared/components/CancelAndSubmit';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useCreateCategoryMutation } from '../library.api';
import { LimitReachedPanel } from './LimitReachedPanel';
import { categorySchema } from './prompt.schema';

type Props = {
  open: boolean;
  categories: Category[];
  ownCategories: Category[];
  limits: LimitsRecord | undefined;
  onRefreshLimits: () => void;
  onClose: () => void;
};

export const CategoryDialog = memo(function CategoryDialog({
  open,
  categories,
  ownCategories,
  limits,
  onRefreshLimits,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const [createCategory] = useCreateCategoryMutation();
  const isPro = limits?.isPro ?? false;
  const atLimit = limits !== undefined && !isPro && !limits.categories.canCreate;

  // Read the limits again whenever the dialog opens.
  useEffect(() => {
    if (open) onRefreshLimits();
  }, [open, onRefreshLimits]);

  const schema = useMemo(
    () =>
      categorySchema(
        t,
        categories.map((category) => category.name),
      ),
    [t, i18n.resolvedLanguage, categories],
  );

  const form = useFormik({
    initialValues: { name: '' },
    validationSchema: schema,
    onSubmit: async ({ name }, helpers) => {
      // After the highest of the user's own categories, or first (the server decides in the end).
      const position = ownCategories.reduce(
        (highest, category) => Math.max(highest, category.position + 1),
        0,
      );
      try {
        const created = await createCategory({ name: name.trim(), position }).unwrap();
        notify({
          title: t('library.categories.created.title'),
          description: t('library.categories.created.description', { name: created.name }),
          variant: 'success',
        });
        helpers.resetForm();
        onClose();
      } catch (error) {
        notifyFailure(error, t('library.categories.createFailed'));
      }
    },
  });

  const close = () => {
    if (form.isSubmitting) return;
    form.resetForm();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('library.categories.createTitle')}</DialogTitle>
      {atLimit ? (
        <LimitReachedPanel
          title={t('library.categories.limitTitle')}
          cancelLabel={t('library.categories.cancel')}
          upgradeLabel={t('library.categories.upgrade')}
          onClose={close}
        >
          {t('library.categories.using', { used: limits.categories.used, limit: limits.categories.limit })}
        </LimitReachedPanel>
      ) : (
        <form noValidate onSubmit={form.handleSubmit}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                name="name"
                label={t('library.categories.nameLabel')}
                placeholder={t('library.categories.namePlaceholder')}
                value={form.values.name}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={form.touched.name ? form.errors.name : undefined}
                autoFocus
              />
              {limits && !isPro ? (
                <Alert severity="info">
                  {t('library.categories.using', {
                    used: limits.categories.used,
                    limit: limits.categories.limit,
                  })}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <CancelAndSubmit
              submitting={form.isSubmitting}
              onCancel={close}
              cancelLabel={t('library.categories.cancel')}
              submitLabel={t('library.categories.create')}
              busyLabel={t('library.categories.creating')}
            />
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
});
