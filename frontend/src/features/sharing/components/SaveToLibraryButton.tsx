import Check from '../../../shared/icons/Check';
import LibraryAdd from '../../../shared/icons/LibraryAdd';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SharedPrompt } from '@promptlib/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { serverMessage } from '../../../shared/server-message';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { LimitReachedNotice } from '../../library/dialogs/LimitReachedNotice';
import {
  useCreatePromptMutation,
  useLazyGetCategoriesQuery,
  useLazyGetLimitsQuery,
} from '../../library/library.api';
import { isGeneral } from '../../library/prompt-selection';
import { useListSharesQuery } from '../sharing.api';

/**
 * Copies a shared prompt into the signed-in visitor's own library, in General (where a free account's
 * prompts go anyway), once: then it says it is saved. The owner of the link is told it is theirs. At the free limit it shows the library's limit notice instead, on the page
 * rather than in a dialog: a dialog here would move the dialog code into the shared file that every
 * visitor downloads.
 */
export function SaveToLibraryButton({ prompt, shareId }: { prompt: SharedPrompt; shareId: string }) {
  // Only signed-in visitors see this, so its words live with the library's, in their own file.
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [fetchLimits] = useLazyGetLimitsQuery();
  const [fetchCategories] = useLazyGetCategoriesQuery();
  const [createPrompt] = useCreatePromptMutation();
  const [saving, setSaving] = useState(false);
  // Saved once from this page: a second press would only make a second copy.
  const [saved, setSaved] = useState(false);
  // The owner's own links: their prompt is in their library already.
  const { data: ownLinks } = useListSharesQuery();
  const [limitNotice, setLimitNotice] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setLimitNotice(null);
    try {
      // Read afresh, like the create dialog does: a prompt deleted in another tab frees a place.
      const limits = await fetchLimits()
        .unwrap()
        .catch(() => undefined);
      if (limits && !limits.isPro && !limits.prompts.canCreate) {
        setLimitNotice(t('library.limit.text', { limit: limits.prompts.limit }));
        return;
      }
      const categories = await fetchCategories(undefined, true)
        .unwrap()
        .catch(() => []);
      const categoryId = categories.find(isGeneral)?.id ?? null;
      await createPrompt({ title: prompt.title, content: prompt.content, categoryId }).unwrap();
      setSaved(true);
      notify({
        title: t('library.saveShared.done.title'),
        description: t('library.saveShared.done.description', { title: prompt.title }),
        variant: 'success',
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'PROMPT_LIMIT_REACHED') {
        const limits = await fetchLimits()
          .unwrap()
          .catch(() => undefined);
        setLimitNotice(
          limits
            ? t('library.limit.text', { limit: limits.prompts.limit })
            : serverMessage(error, t, t('library.limit.title')),
        );
        return;
      }
      notifyFailure(error, t('library.prompt.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  const closeNotice = () => setLimitNotice(null);

  if (ownLinks?.some((link) => link.shareId === shareId)) {
    return (
      <Typography sx={{ color: 'text.secondary', alignSelf: 'center' }}>
        {t('library.saveShared.own')}
      </Typography>
    );
  }
  if (saved) {
    return (
      <Button variant="outlined" color="success" startIcon={<Check />} disabled>
        {t('library.saveShared.saved')}
      </Button>
    );
  }

  return (
    <>
      <BusyButton
        variant="outlined"
        startIcon={<LibraryAdd />}
        busy={saving}
        busyLabel={t('library.saveShared.saving')}
        onClick={() => void save()}
      >
        {t('library.saveShared.button')}
      </BusyButton>
      {limitNotice !== null ? (
        // A line of its own under the page's buttons.
        <Stack spacing={1.5} sx={{ flexBasis: '100%' }}>
          <LimitReachedNotice title={t('library.limit.title')}>{limitNotice}</LimitReachedNotice>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={closeNotice}>{t('common.cancel')}</Button>
            <Button variant="contained" component={RouterLink} to="/subscribe">
              {t('header.upgrade')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </>
  );
}
