import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shared/hooks/useNotify';

/** Puts a link on the clipboard; says so when the browser refuses. Answers whether it did. */
export function useCopyLink(): (url: string) => Promise<boolean> {
  const { t } = useTranslation();
  const notify = useNotify();
  return useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        return true;
      } catch {
        notify({
          title: t('library.copy.failed.title'),
          description: t('library.copy.failed.description'),
          variant: 'error',
        });
        return false;
      }
    },
    [t, notify],
  );
}
