import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import HourglassTop from '../../../shared/icons/HourglassTop';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tierDefaults } from '@promptlib/proto';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { Spinner } from '../../../shared/components/Spinner';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { baseApi } from '../../../api/base-api';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useLazyGetCheckoutStatusQuery } from '../billing.api';
import { announceToOtherTabs } from '../hooks/useTierWatcher';

// A pending session is checked again every 5 s, at most 6 more times.
const RECHECK_MS = 5_000;
const MAX_RECHECKS = 6;

type Phase = 'verifying' | 'active' | 'pending' | 'error';

export function SubscribeSuccessPage() {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [checkStatus] = useLazyGetCheckoutStatusQuery();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [phase, setPhase] = useState<Phase>(sessionId ? 'verifying' : 'error');
  // This payment made a second subscription (Pro was already paid for): billing gave it back.
  const [refunded, setRefunded] = useState(false);
  const [error, setError] = useState<string | null>(
    sessionId ? null : t('subscribeSuccess.errors.noSession'),
  );

  useEffect(() => {
    if (!sessionId) {
      notify({
        title: t('subscribeSuccess.errors.title'),
        description: t('subscribeSuccess.errors.noSession'),
        variant: 'error',
      });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (attempt: number) => {
      try {
        const { success, refunded: givenBack } = await checkStatus(sessionId).unwrap();
        if (cancelled) return;
        if (success) {
          setPhase('active');
          setRefunded(givenBack === true);
          // The tab the plan was chosen in, and any other, learn it now rather than at their next poll.
          announceToOtherTabs(true);
          dispatch(baseApi.util.invalidateTags(['User', 'Limits']));
          notify({
            title: t('subscribeSuccess.toast.title'),
            description: t('subscribeSuccess.toast.description'),
            variant: 'success',
          });
          return;
        }
        setPhase('pending');
        if (attempt < MAX_RECHECKS) timer = setTimeout(() => void check(attempt + 1), RECHECK_MS);
      } catch {
        if (cancelled) return;
        setPhase('error');
        setError(t('subscribeSuccess.errors.check'));
        notify({
          title: t('subscribeSuccess.errors.title'),
          description: t('subscribeSuccess.errors.check'),
          variant: 'error',
        });
      }
    };
    void check(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The check runs once per session id; translations and notify are stable enough not to restart it.
  }, [sessionId]);

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        {phase === 'verifying' ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Spinner label={t('subscribeSuccess.verifying')} />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {t('subscribeSuccess.verifying')}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {phase === 'active' ? (
              <CheckCircleOutline color="success" sx={{ fontSize: 56 }} aria-hidden />
            ) : phase === 'pending' ? (
              <HourglassTop color="primary" sx={{ fontSize: 56 }} aria-hidden />
            ) : (
              <ErrorOutline color="error" sx={{ fontSize: 56 }} aria-hidden />
            )}
            {/* A checkout that could not be checked (or no checkout named) thanks nobody for a purchase. */}
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {phase === 'active'
                ? t('subscribeSuccess.active.title')
                : phase === 'pending'
                  ? t('subscribeSuccess.pending.title')
                  : t('subscribeSuccess.errors.heading')}
            </Typography>
            {phase === 'active' ? <Typography>{t('subscribeSuccess.active.text')}</Typography> : null}
            {phase === 'active' && refunded ? (
              <Alert severity="info">{t('subscribeSuccess.refunded')}</Alert>
            ) : null}
            {phase === 'pending' ? <Alert severity="info">{t('subscribeSuccess.pending.text')}</Alert> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        )}
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 4 }}>
          {t('subscribeSuccess.benefits')}
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {(['categories', 'prompts', 'versions', 'support', 'future'] as const).map((feature) => (
            <Typography component="li" key={feature} variant="body2">
              {t(`subscribe.features.${feature}`, { versions: tierDefaults.proVersionsKept })}
            </Typography>
          ))}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('subscribeSuccess.freeLimits')}{' '}
          {t('subscribe.freeVersions', { versions: tierDefaults.freeVersionsKept })}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
          {t('subscribeSuccess.back')}
        </Button>
      </Paper>
    </Container>
  );
}
