import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../../api/base-api';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../shared/hooks/useNotify';
import { resetLibraryUi } from '../../library/library.slice';
import { authApi, useLogoutMutation } from '../auth.api';

/** Logout clears everything cached for the user (their prompts and categories too) and goes to /auth. */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
    dispatch(baseApi.util.resetApiState());
    dispatch(resetLibraryUi());
    dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
    navigate('/auth', { replace: true });
    notify({
      title: t('toasts.logoutSuccess.title'),
      description: t('toasts.logoutSuccess.description'),
      variant: 'success',
    });
  }, [logout, dispatch, navigate, notify, t]);

  return { signOut, isSigningOut: isLoading };
}
