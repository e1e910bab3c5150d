import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useLogoutMutation } from '../auth.api';
import { useForgetUser } from './useForgetUser';

/** Logout clears everything cached for the user (their prompts and categories too) and goes to /auth. */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const forgetUser = useForgetUser();
  const notify = useNotify();
  const { t } = useTranslation();

  const signOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      notify({
        title: t('toasts.logoutFailed.title'),
        description: (error as Error).message,
        variant: 'error',
      });
      return;
    }
    forgetUser();
    notify({
      title: t('toasts.logoutSuccess.title'),
      description: t('toasts.logoutSuccess.description'),
      variant: 'success',
    });
  }, [logout, forgetUser, notify, t]);

  return { signOut, isSigningOut: isLoading };
}
