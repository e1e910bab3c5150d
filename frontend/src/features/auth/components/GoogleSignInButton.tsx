import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetClientConfigQuery } from '../../../api/config.api';
import { Spinner } from '../../../shared/components/Spinner';

// Shown only when someone presses the button on a site without Google configured.
const Alert = lazy(() => import('@mui/material/Alert'));

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden>
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 7l7.1 5.5c4.2-3.9 6.6-9.6 6.6-16.5z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.1-5.5c-2 1.4-4.6 2.2-8.8 2.2-6.3 0-11.6-4.1-13.5-9.8l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * Google sign-in. While the server has no Google client id configured it explains, instead of
 * failing silently, what must be set up for it to work.
 */
export function GoogleSignInButton() {
  const { t } = useTranslation();
  const config = useGetClientConfigQuery();
  const [busy, setBusy] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);

  const signIn = async () => {
    setBusy(true);
    try {
      const { googleClientId } = config.data ?? (await config.refetch().unwrap());
      if (!googleClientId) setNotConfigured(true);
    } catch {
      setNotConfigured(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Button
        variant="outlined"
        size="large"
        onClick={signIn}
        disabled={busy}
        startIcon={busy ? <Spinner size={18} /> : <GoogleMark />}
      >
        {busy ? t('auth.google.busy') : t('auth.google.button')}
      </Button>
      {notConfigured ? (
        <Suspense fallback={null}>
          <Alert severity="info" onClose={() => setNotConfigured(false)}>
            {t('auth.google.notConfigured', { domain: window.location.host })}
          </Alert>
        </Suspense>
      ) : null}
    </Stack>
  );
}
