import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../api/api-error';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useNotify } from '../../../shared/hooks/useNotify';
import { serverFieldErrors, serverMessage } from '../../../shared/server-message';
import { PasswordField } from '../../auth/components/PasswordField';
import { useChangePasswordMutation } from '../account.api';
import {
  passwordChangeErrors,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../password-change';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The current password, the new one twice. On success the fields empty and the toast says that
 * every other device was signed out; nothing typed is lost on a refusal.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  // Errors show once the form was sent, then follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (field: keyof PasswordChangeValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(passwordChangeErrors(next, t));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = passwordChangeErrors(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }).unwrap();
      setValues(EMPTY);
      setSubmitted(false);
      setErrors({});
      notify({
        title: t('account.password.changed'),
        description: t('account.password.othersSignedOut'),
        variant: 'success',
      });
    } catch (error) {
      const fields = serverFieldErrors(error, t);
      const rules = (error as Partial<ApiFailure>).rules ?? {};
      if (rules.newPassword === 'tooCommon') fields.newPassword = t('validation.commonPassword');
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(serverMessage(error, t, t('account.password.failed')));
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ maxWidth: 480 }}
    >
      <PasswordField
        label={t('account.password.current')}
        name="currentPassword"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => change('currentPassword')(event.target.value)}
      />
      <PasswordField
        label={t('account.password.new')}
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(event) => change('newPassword')(event.target.value)}
      />
      <PasswordField
        label={t('account.password.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => change('confirmPassword')(event.target.value)}
      />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <BusyButton
        type="submit"
        variant="contained"
        busy={isLoading}
        busyLabel={t('account.password.changing')}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('account.password.submit')}
      </BusyButton>
    </Stack>
  );
}
