import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormTextField } from '../../../shared/components/FormTextField';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useNotify } from '../../../shared/hooks/useNotify';
import { loadServerMessage } from '../../../shared/load-server-message';
import { useLoginMutation } from '../auth.api';
import { lazyValidation } from '../lazy-validation';
import { PasswordField } from './PasswordField';
import { returnPath } from '../return-path';

type Values = { username: string; password: string };

export function LoginForm() {
  const { t, i18n } = useTranslation();
  const [login] = useLoginMutation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const validate = useMemo(() => lazyValidation<Values>('login', t), [t, i18n.resolvedLanguage]);

  const form = useFormik({
    initialValues: { username: '', password: '' } satisfies Values,
    validate,
    onSubmit: async ({ username, password }) => {
      try {
        const { user } = await login({ username: username.trim(), password }).unwrap();
        notify({
          title: t('toasts.loginSuccess.title'),
          description: t('toasts.loginSuccess.description', { username: user.username }),
          variant: 'success',
        });
        navigate(returnPath(location.search), { replace: true });
      } catch (error) {
        const serverMessage = await loadServerMessage();
        notify({
          title: t('toasts.loginFailed.title'),
          description: serverMessage(error, t, t('toasts.loginFailed.fallback')),
          variant: 'error',
        });
      }
    },
  });

  const fieldError = (name: 'username' | 'password') => (form.touched[name] ? form.errors[name] : undefined);

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={form.handleSubmit}
      spacing={2}
      aria-label={t('auth.tabs.login')}
    >
      <FormTextField
        name="username"
        label={t('auth.fields.username')}
        autoComplete="username"
        value={form.values.username}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('username')}
        autoFocus
      />
      <PasswordField
        name="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        value={form.values.password}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('password')}
      />
      <BusyButton
        type="submit"
        variant="contained"
        size="large"
        busy={form.isSubmitting}
        busyLabel={t('auth.login.submitting')}
      >
        {t('auth.login.submit')}
      </BusyButton>
    </Stack>
  );
}
