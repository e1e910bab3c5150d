import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetClientConfigQuery } from '../../../api/config.api';
import { Logo } from '../../../shared/components/Logo';
import { AuthTabs } from '../components/AuthTabs';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { LoginForm } from '../components/LoginForm';
import { MarketingPanel } from '../components/MarketingPanel';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { lazyWithRetry } from '../../../shared/lazy-with-retry';

// Most visits are sign-ins: the sign-up form loads when its tab is chosen.
const RegisterForm = lazyWithRetry(() =>
  import('../components/RegisterForm').then((m) => ({ default: m.RegisterForm })),
);

type Mode = 'login' | 'register';

/**
 * The "or" divider and Google's button, where the server offers Google sign-in: a visitor is never
 * shown a button that can only explain it is not set up. Shown too when the configuration could
 * not be read (the button reads it again when pressed) and when the page comes back from Google.
 */
function GoogleSignInSection() {
  const { t } = useTranslation();
  const config = useGetClientConfigQuery();
  const [returningFromGoogle] = useState(() => window.location.hash.includes('state='));
  const offered = config.data ? Boolean(config.data.googleClientId) : config.isError || returningFromGoogle;
  // Once shown it stays, so that what a press of it says (the configuration read again) stays in view.
  const shown = useRef(false);
  shown.current ||= offered;
  if (!shown.current) return null;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 3 }} aria-hidden>
        <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth.or')}
        </Typography>
        <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
      </Stack>
      <GoogleSignInButton />
    </>
  );
}

export function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // "Sign up for free" links open the sign-up tab.
  const [mode, setMode] = useState<Mode>(() => (params.get('tab') === 'register' ? 'register' : 'login'));

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 } }}>
        <Box
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 4 },
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3, color: 'primary.main' }}>
            <Logo size={44} />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800, color: 'text.primary' }}>
              {t('auth.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('auth.subtitle')}
            </Typography>
          </Stack>
          <AuthTabs
            idPrefix="auth"
            label={t('auth.tabs.label')}
            value={mode}
            onChange={setMode}
            tabs={[
              { value: 'login', label: t('auth.tabs.login') },
              { value: 'register', label: t('auth.tabs.register') },
            ]}
          />
          <Box role="tabpanel" id={`auth-panel-${mode}`} aria-labelledby={`auth-tab-${mode}`}>
            {mode === 'login' ? (
              <LoginForm />
            ) : (
              <Suspense fallback={<PageSpinner />}>
                <RegisterForm />
              </Suspense>
            )}
          </Box>
          <GoogleSignInSection />
        </Box>
      </Box>
      <MarketingPanel />
    </Box>
  );
}
