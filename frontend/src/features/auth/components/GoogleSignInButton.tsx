import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useGetClientConfigQuery } from '../../../api/config.api';
import { useAppDispatch } from '../../../app/store';
import { Spinner } from '../../../shared/components/Spinner';
import { authApi } from '../auth.api';
import type { FlowContext, FlowResult } from '../google-sign-in';
import { returnPath } from '../return-path';
import { lazyWithRetry } from '../../../shared/lazy-with-retry';

// Shown only when a sign-in goes wrong or Google is not configured.
const Alert = lazyWithRetry(() => import('@mui/material/Alert'));
// The flow itself loads when the button is pressed (or the page comes back from Google).
const loadFlow = () => import('../google-sign-in');
type Flow = Awaited<ReturnType<typeof loadFlow>>;

// The product's Google popup: 500x600, centred over this window.
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;

/** An empty popup: it must open while the click is handled, or popup blockers stop it. */
function openPopup(): Window | null {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return window.open(
    '',
    'promptlib-google-sign-in',
    `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

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
 * Google sign-in. Pressed where the server turns out to have no Google client id (the page could not
 * read its configuration before), it explains instead of failing silently.
 */
export function GoogleSignInButton() {
  const { t } = useTranslation();
  const config = useGetClientConfigQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FlowResult>({});
  const attempt = useRef<AbortController>(null);

  const run = (step: (flow: Flow, context: FlowContext) => Promise<FlowResult>) => {
    setBusy(true);
    setNotice({});
    attempt.current = new AbortController();
    const context: FlowContext = {
      dispatch,
      t,
      signal: attempt.current.signal,
      resume: (next) => run((_flow, resumed) => next(resumed)),
    };
    loadFlow()
      .then((flow) => step(flow, context))
      .catch((error: unknown): FlowResult => ({
        alert: t('auth.google.failed', {
          message: error instanceof Error ? error.message : t('auth.google.unknownError'),
        }),
      }))
      .then((result) => {
        if (!result.user) {
          setBusy(false);
          return setNotice(result);
        }
        dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, result.user));
        navigate(returnPath(location.search), { replace: true });
      });
  };

  // A sign-in that left this page for Google's comes back with the answer in the fragment, so only
  // the first render looks; the fragment is cleared at once, and a failure shows nothing.
  useEffect(() => {
    const fragment = window.location.hash;
    if (!fragment.includes('state=')) return;
    navigate({ pathname: '/auth', search: location.search }, { replace: true });
    run((flow, context) => flow.completeRedirectSignIn(fragment, context));
  }, []);

  useEffect(() => () => attempt.current?.abort(), []);

  const signIn = () => {
    // Popup blockers let a window open only while the click is being handled, but the nonce needs
    // a call to the server first: so the popup opens now, empty, and is sent to Google once the
    // nonce is there. (Taking a nonce ahead of time would open a server session for every visitor
    // of this page, and it could expire before use.) No popup when Google is known to be off, nor
    // without BroadcastChannel, which carries the popup's answer back: then the page itself goes.
    const popup =
      (config.data && !config.data.googleClientId) || !('BroadcastChannel' in window)
        ? undefined
        : openPopup();
    run((flow, context) =>
      flow.signInWithGoogle(popup, () => config.data ?? config.refetch().unwrap(), context),
    );
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
      {notice.alert ? (
        <Suspense fallback={null}>
          <Alert severity={notice.severity ?? 'error'} onClose={() => setNotice({})}>
            {notice.alert}
          </Alert>
        </Suspense>
      ) : null}
    </Stack>
  );
}
