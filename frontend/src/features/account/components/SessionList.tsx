import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionSummary } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';
import { LoadFailedAlert } from '../../../shared/components/LoadFailedAlert';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { formatMoment } from '../../../shared/locale-format';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from '../account.api';

/** "Firefox 133 on Linux", or as much of it as the browser told. */
export function deviceLabel(session: Pick<SessionSummary, 'browser' | 'system'>, t: TFunction) {
  const { browser, system } = session;
  if (browser && system) return t('account.sessions.browserOn', { browser, system });
  if (browser) return browser;
  if (system) return t('account.sessions.unknownBrowserOn', { system });
  return t('account.sessions.unknownDevice');
}

/** Where the user is signed in, this device first; any other can be signed out, or all at once. */
export function SessionList() {
  const { t, i18n } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  // Read afresh on every visit: sessions come and go while the page is away.
  const {
    data: sessions,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useListSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [endSession] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions?.filter((session) => !session.current) ?? [];

  const end = async (session: SessionSummary) => {
    setEnding(session.id);
    const device = deviceLabel(session, t);
    try {
      await endSession(session.id).unwrap();
      notify({ title: t('account.sessions.ended', { device }), variant: 'success' });
    } catch (error) {
      notifyFailure(error, t('account.sessions.endFailed'));
    }
    setEnding(null);
  };

  const endAllOthers = async () => {
    try {
      const { ended } = await endOthers().unwrap();
      notify({ title: t('account.sessions.othersEnded', { count: ended }), variant: 'success' });
    } catch (error) {
      notifyFailure(error, t('account.sessions.endFailed'));
    }
  };

  if (isLoading)
    return (
      <Stack role="status" aria-label={t('account.sessions.loading')} spacing={1.5}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
      </Stack>
    );
  if (isError || !sessions)
    return (
      <LoadFailedAlert
        retryLabel={t('account.sessions.retry')}
        busyLabel={t('account.sessions.loading')}
        busy={isFetching}
        onRetry={() => void refetch()}
      >
        {t('account.sessions.loadFailed')}
      </LoadFailedAlert>
    );

  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sessions.map((session) => (
          <Box
            component="li"
            key={session.id}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 1.5,
              alignItems: { xs: 'stretch', sm: 'center' },
              justifyContent: 'space-between',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {deviceLabel(session, t)}
                </Typography>
                {session.current ? (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t('account.sessions.thisDevice')}
                  />
                ) : null}
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {session.signedInAt
                  ? t('account.sessions.signedIn', {
                      when: formatMoment(session.signedInAt, i18n.resolvedLanguage),
                    })
                  : null}
                {session.signedInAt ? ' · ' : null}
                {session.current
                  ? t('account.sessions.activeNow')
                  : t('account.sessions.lastActive', {
                      when: formatMoment(session.lastActiveAt, i18n.resolvedLanguage),
                    })}
              </Typography>
            </Box>
            {session.current ? null : (
              <BusyButton
                variant="outlined"
                color="error"
                busy={ending === session.id}
                busyLabel={t('account.sessions.ending')}
                aria-label={t('account.sessions.endNamed', { device: deviceLabel(session, t) })}
                onClick={() => void end(session)}
                sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {t('account.sessions.end')}
              </BusyButton>
            )}
          </Box>
        ))}
      </Stack>
      {others.length > 0 ? (
        <BusyButton
          variant="outlined"
          color="error"
          busy={endingOthers.isLoading}
          busyLabel={t('account.sessions.ending')}
          onClick={() => void endAllOthers()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.sessions.endOthers')}
        </BusyButton>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('account.sessions.onlyThis')}
        </Typography>
      )}
    </Stack>
  );
}
