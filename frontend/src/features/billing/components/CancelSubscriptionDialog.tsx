import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../../api/api-error';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useNotify } from '../../../shared/hooks/useNotify';
import { serverMessage } from '../../../shared/server-message';
import { showNoticeAcrossReload, whenNoticesShown } from '../../../shared/toasts/toast-bus';
import { useCancelSubscriptionMutation } from '../billing.api';
import { PRO_STATUS_KEY, announceToOtherTabs } from '../hooks/useTierWatcher';

// Long enough for the toast to be seen before the page shows the cancelled state.
const RELOAD_AFTER_MS = 500;

/**
 * Cancels at the end of the period. On success the local Pro hint turns false and other tabs are
 * told at once; the page then reloads, and the limits record (still Pro until the end date) wins.
 */
export function CancelSubscriptionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [cancelSubscription, { isLoading }] = useCancelSubscriptionMutation();

  const confirm = async () => {
    try {
      await cancelSubscription().unwrap();
      showNoticeAcrossReload({
        title: t('billing.cancel.done.title'),
        description: t('billing.cancel.done.description'),
        variant: 'success',
      });
      window.localStorage.setItem(PRO_STATUS_KEY, 'false');
      announceToOtherTabs(false);
      onClose();
      // Counted from the first frame that shows the toast (the toaster may still be loading), so a
      // busy tab cannot reload it unseen.
      whenNoticesShown(() =>
        afterNextFrame(() => setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)),
      );
    } catch (error) {
      notify({
        title: t('billing.cancel.failed.title'),
        description: isApiFailure(error)
          ? serverMessage(error, t, t('billing.cancel.failed.fallback'))
          : t('billing.cancel.failed.fallback'),
        variant: 'error',
      });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('billing.cancel.title')}
      message={t('billing.cancel.text')}
      confirmLabel={t('billing.cancel.confirm')}
      cancelLabel={t('billing.cancel.keep')}
      busyLabel={t('billing.cancel.busy')}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

function afterNextFrame(run: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(run));
}
