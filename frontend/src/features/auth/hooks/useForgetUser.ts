import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../../api/base-api';
import { forgetLivePosition } from '../../../api/live-position';
import { useAppDispatch } from '../../../app/store';
import { resetLibraryUi } from '../../library/library.slice';
import { authApi } from '../auth.api';

/**
 * Drops everything cached for the user (their prompts and categories too) and goes to /auth: once
 * they have signed out, or their account is gone.
 */
export function useForgetUser(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(baseApi.util.resetApiState());
    // The next sign-in's feed starts where its own first answers stood.
    forgetLivePosition();
    dispatch(resetLibraryUi());
    dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
    navigate('/auth', { replace: true });
  }, [dispatch, navigate]);
}
