import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { EXTENSION_KEY_NAME, extensionPageMessages } from '@promptlib/proto';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useCreateApiKeyMutation } from '../api-keys.api';

type Step = 'waiting' | 'ready' | 'connecting' | 'connected' | 'failed';

type Props = { open: boolean; onClose: () => void };

/**
 * The browser extension's "Connect": the extension opened this page and listens in it. On the
 * user's word a read-and-write key named for the extension is made and posted to it within this
 * origin, so the key is never shown, copied or typed. Without the extension listening, the dialog
 * says where to start instead.
 */
export function ConnectExtensionDialog({ open, onClose }: Props) {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const titleId = useId();
  const [step, setStep] = useState<Step>('waiting');
  const [failure, setFailure] = useState('');
  const [createApiKey] = useCreateApiKeyMutation();

  useEffect(() => {
    const listen = (event: MessageEvent<{ type?: unknown; message?: unknown }>) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const type = event.data?.type;
      if (type === extensionPageMessages.ready) setStep((now) => (now === 'waiting' ? 'ready' : now));
      else if (type === extensionPageMessages.connected) setStep('connected');
      else if (type === extensionPageMessages.failed) {
        setFailure(typeof event.data.message === 'string' ? event.data.message : '');
        setStep('failed');
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  useEffect(() => {
    // The connector may have arrived before this dialog opened: it says `ready` again when asked.
    if (open) window.postMessage({ type: extensionPageMessages.listening }, window.location.origin);
  }, [open]);

  const connect = async () => {
    setStep('connecting');
    try {
      const { key } = await createApiKey({ name: EXTENSION_KEY_NAME, scope: 'write' }).unwrap();
      window.postMessage({ type: extensionPageMessages.key, key }, window.location.origin);
    } catch {
      setFailure(t('apiKeys.extension.createFailed'));
      setStep('failed');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('apiKeys.extension.title')}</DialogTitle>
      <DialogContent>
        {step === 'connected' ? (
          <Alert severity="success">{t('apiKeys.extension.connected')}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {t('apiKeys.extension.explain', { name: EXTENSION_KEY_NAME })}
            </Typography>
            {step === 'waiting' ? (
              <Alert severity="info" role="status">
                {t('apiKeys.extension.waiting')}
              </Alert>
            ) : null}
            {step === 'failed' ? (
              <Alert severity="error">{failure || t('apiKeys.extension.createFailed')}</Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'connected' ? (
          <Button variant="contained" onClick={onClose}>
            {t('apiKeys.extension.done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('apiKeys.extension.cancel')}</Button>
            <BusyButton
              variant="contained"
              busy={step === 'connecting'}
              busyLabel={t('apiKeys.extension.connecting')}
              disabled={step === 'waiting'}
              onClick={() => void connect()}
            >
              {t('apiKeys.extension.connect')}
            </BusyButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
