import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AccountDetails } from '@promptlib/proto';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../api/api-error';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';
import { FormTextField } from '../../../shared/components/FormTextField';
import { useNotify } from '../../../shared/hooks/useNotify';
import { serverMessage } from '../../../shared/server-message';
import { PasswordField } from '../../auth/components/PasswordField';
import { useForgetUser } from '../../auth/hooks/useForgetUser';
import { useDeleteAccountMutation } from '../account.api';

type Props = { open: boolean; account: AccountDetails; onClose: () => void };

/**
 * The last question before the account goes: the username typed as it is shown (and the password
 * of an account that has one). The button stays disabled until the name matches. On success
 * everything cached of the user is dropped and the browser is on the sign-in page.
 */
export function DeleteAccountDialog({ open, account, onClose }: Props) {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const titleId = useId();
  const forgetUser = useForgetUser();
  const notify = useNotify();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [confirmUsername, setConfirmUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ confirmUsername?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const needsPassword = account.signsInWithPassword;
  const matches = confirmUsername.trim() === account.username;
  const ready = matches && (!needsPassword || password !== '');

  const close = () => {
    if (isLoading) return;
    setConfirmUsername('');
    setPassword('');
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setErrors({});
    setFailure(null);
    try {
      await deleteAccount({ confirmUsername, ...(needsPassword ? { password } : {}) }).unwrap();
    } catch (error) {
      const rules = (error as Partial<ApiFailure>).rules ?? {};
      if (rules.password === 'incorrect') setErrors({ password: t('account.delete.wrongPassword') });
      else if (rules.confirmUsername) setErrors({ confirmUsername: t('account.delete.mismatch') });
      else setFailure(serverMessage(error, t, t('account.delete.failed')));
      return;
    }
    forgetUser();
    notify({
      title: t('account.delete.done'),
      description: t('account.delete.doneText'),
      variant: 'success',
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('account.delete.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('account.delete.warning')}</DialogContentText>
            {/* The last chance to keep a copy, before the question is answered. */}
            <Link href="/api/user/export" sx={{ alignSelf: 'flex-start' }}>
              {t('account.delete.exportFirst')}
            </Link>
            <FormTextField
              label={t('account.delete.usernameLabel')}
              helperText={t('account.delete.usernameHelp', { username: account.username })}
              error={errors.confirmUsername}
              value={confirmUsername}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              onChange={(event) => setConfirmUsername(event.target.value)}
            />
            {needsPassword ? (
              <PasswordField
                label={t('account.delete.passwordLabel')}
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(event) => setPassword(event.target.value)}
              />
            ) : null}
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {t('account.delete.cancel')}
          </Button>
          <BusyButton
            type="submit"
            variant="contained"
            color="error"
            disabled={!ready}
            busy={isLoading}
            busyLabel={t('account.delete.deleting')}
          >
            {t('account.delete.confirm')}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
