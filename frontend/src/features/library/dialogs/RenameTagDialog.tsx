import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { TagSummary } from '@promptlib/proto';
import { useFormik } from 'formik';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelAndSubmit } from '../../../shared/components/CancelAndSubmit';
import { FormTextField } from '../../../shared/components/FormTextField';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useRenameTagMutation } from '../library.api';
import { tagProblem } from '@promptlib/proto';
import { mergeTarget, serverTagProblem, tagProblemText } from '../tag-rules';

type Props = {
  /** The tag to rename; the dialog is open while there is one. */
  tag: TagSummary | null;
  /** All of the user's tags, to tell a rename from a merge. */
  tags: TagSummary[];
  /** The tag's old name and the one it now has (the existing spelling, after a merge). */
  onRenamed: (from: string, to: string) => void;
  onClose: () => void;
};

/**
 * A new name for a tag on every prompt that carries it. A name the user already has, in any case,
 * merges the two into that tag's spelling, and the dialog says so before anything is changed.
 */
export const RenameTagDialog = memo(function RenameTagDialog({ tag, tags, onRenamed, onClose }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const [renameTag] = useRenameTagMutation();
  // The last tag stays on screen while the dialog fades out.
  const [shown, setShown] = useState(tag);
  if (tag !== null && tag !== shown) setShown(tag);

  const form = useFormik({
    initialValues: { name: shown?.name ?? '' },
    enableReinitialize: true,
    validate: ({ name }) => {
      const problem = tagProblem(name.trim());
      return problem ? { name: tagProblemText(t, problem) } : {};
    },
    onSubmit: async ({ name }, helpers) => {
      if (!shown) return;
      const wanted = name.trim();
      if (wanted === shown.name) {
        onClose();
        return;
      }
      try {
        const changed = await renameTag({ name: shown.name, newName: wanted }).unwrap();
        const to = changed.name ?? wanted;
        const merged = mergeTarget(tags, shown.name, wanted) !== undefined;
        notify({
          title: t('library.toasts.success'),
          description: merged
            ? t('library.tags.merged', { old: shown.name, name: to, count: changed.prompts })
            : t('library.tags.renamed', { old: shown.name, name: to, count: changed.prompts }),
          variant: 'success',
        });
        onRenamed(shown.name, to);
        onClose();
      } catch (error) {
        // The new name's rule is said in the tags' own words, beside the field.
        const problem = serverTagProblem(error, ['name']);
        if (problem) helpers.setFieldError('name', tagProblemText(t, problem));
        else notifyFailure(error, t('library.tags.renameFailed'));
      }
    },
  });

  const close = () => {
    if (!form.isSubmitting) onClose();
  };
  const target = shown ? mergeTarget(tags, shown.name, form.values.name) : undefined;

  return (
    <Dialog
      open={tag !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => form.resetForm() } }}
    >
      <DialogTitle id={titleId}>{t('library.tags.renameTitle')}</DialogTitle>
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
              {t('library.tags.carriedBy', { tag: shown?.name ?? '', count: shown?.count ?? 0 })}
            </DialogContentText>
            <FormTextField
              name="name"
              label={t('library.tags.renameLabel')}
              value={form.values.name}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              onFocus={(event) => event.target.select()}
              error={form.touched.name ? form.errors.name : undefined}
              autoFocus
            />
            {target ? (
              <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
                {t('library.tags.willMerge', { tag: shown?.name ?? '', existing: target.name })}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <CancelAndSubmit
            submitting={form.isSubmitting}
            onCancel={close}
            cancelLabel={t('common.cancel')}
            submitLabel={target ? t('library.tags.merge') : t('library.tags.rename')}
            busyLabel={t('library.tags.renaming')}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
});
