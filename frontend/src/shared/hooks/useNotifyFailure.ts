import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../server-message';
import { showNotice } from '../toasts/toast-bus';

/**
 * The toast of a change that failed: "Error", and what went wrong in the user's language (from
 * the failure's code), or the caller's sentence when the failure names nothing (the network, say).
 */
export function useNotifyFailure(): (failure: unknown, fallback: string) => void {
  const { t } = useTranslation();
  return useCallback(
    (failure, fallback) =>
      showNotice({
        title: t('library.toasts.error'),
        description: serverMessage(failure, t, fallback),
        variant: 'error',
      }),
    [t],
  );
}
