import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GOOGLE_SIGN_IN_CHANNEL, parseCallbackFragment, savedRedirectState } from '../google-oauth';

// Time for the answer to leave before the window goes: closing at once could drop it.
const CLOSE_DELAY_MS = 100;

/**
 * Where Google sends its answer (in the URL fragment). In the sign-in popup it hands the answer to
 * the page that opened it and closes; after a whole-page sign-in it takes the answer back to /auth.
 * Deliberately light: no MUI component of its own, so its file stays small.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const { hash } = window.location;
    const message = parseCallbackFragment(hash);
    if (!message || savedRedirectState() === message.state) {
      navigate(`/auth${message ? hash : ''}`, { replace: true });
      return;
    }
    new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL).postMessage(message);
    const timer = setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <p role="status" style={{ margin: '2rem', textAlign: 'center' }}>
      {t('auth.google.closeWindow')}
    </p>
  );
}
