import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/store';
import { FormTextField } from '../../../shared/components/FormTextField';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useNotify } from '../../../shared/hooks/useNotify';
import { loadServerMessage } from '../../../shared/load-server-message';
import { libraryApi, NO_PROMPTS } from '../../library/library.api';
import { authApi, useRegisterMutation } from '../auth.api';
import { lazyValidation } from '../lazy-validation';
import { PasswordField } from './PasswordField';
import { returnPath } from '../return-path';

// The product pauses briefly after registration before showing the library.
const PAUSE_AFTER_REGISTRATION_MS = 200;

type Values = { username: string; password: string; confirmPassword: string };
type Field = keyof Values;

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const [register] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const validate = useMemo(() => lazyValidation<Values>('register', t), [t, i18n.resolvedLanguage]);

  const form = useFormik({
    initialValues: { username: '', password: '', confirmPassword: '' } satisfies Values,
    validate,
    onSubmit: async ({ username, password }) => {
      try {
        const { user, initialCategory } = await register({ username: username.trim(), password }).unwrap();
        notify({
          title: t('toasts.registerSuccess.title'),
          description: t('toasts.registerSuccess.description', { username: user.username }),
          variant: 'success',
        });
        await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_REGISTRATION_MS));
        // A new account has no prompts, and its categories are the one it was given.
        dispatch(libraryApi.util.upsertQueryData('getPromptCounts', undefined, NO_PROMPTS));
        if (initialCategory)
          dispatch(libraryApi.util.upsertQueryData('getCategories', undefined, [initialCategory]));
        dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
        navigate(returnPath(location.search), { replace: true });
      } catch (error) {
        const serverMessage = await loadServerMessage();
        notify({
          title: t('toasts.registerFailed.title'),
          description: serverMessage(error, t, t('toasts.registerFailed.fallback')),
          variant: 'error',
        });
      }
    },
  });

  const fieldError = (name: Field) => (form.touched[name] ? form.errors[name] : undefined);
  const fieldProps = (name: Field) => ({
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: fieldError(name),
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={form.handleSubmit}
      spacing={2}
      aria-label={t('auth.tabs.register')}
    >
      <FormTextField
        {...fieldProps('username')}
        label={t('auth.fields.username')}
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        {...fieldProps('password')}
        label={t('auth.fields.password')}
        autoComplete="new-password"
      />
      <PasswordField
        {...fieldProps('confirmPassword')}
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
      <BusyButton
        type="submit"
        variant="contained"
        size="large"
        busy={form.isSubmitting}
        busyLabel={t('auth.register.submitting')}
      >
        {t('auth.register.submit')}
      </BusyButton>
    </Stack>
  );
}
