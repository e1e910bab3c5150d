import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountDetails } from '@promptlib/proto';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { LoadFailedAlert } from '../../../shared/components/LoadFailedAlert';
import Download from '../../../shared/icons/Download';
import { formatDay } from '../../../shared/locale-format';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useGetAccountQuery } from '../account.api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DeleteAccountDialog } from '../components/DeleteAccountDialog';
import { SessionList } from '../components/SessionList';

function signInMethod(account: AccountDetails): 'passwordAndGoogle' | 'password' | 'google' {
  if (account.signsInWithPassword && account.signsInWithGoogle) return 'passwordAndGoogle';
  return account.signsInWithGoogle ? 'google' : 'password';
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6" id={headingId} sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** The user's account: who they are and their plan, their password, and where they are signed in. */
export function AccountPage() {
  const { t, i18n } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const { user } = useCurrentUser();
  const { data: account, isLoading, isError, isFetching, refetch } = useGetAccountQuery();
  const [deleting, setDeleting] = useState(false);

  const facts: Array<[string, string]> = account
    ? [
        [t('account.details.username'), account.username],
        [t('account.details.plan'), user?.isPro ? t('account.details.pro') : t('account.details.free')],
        [t('account.details.signIn'), t(`account.details.method.${signInMethod(account)}`)],
        [t('account.details.since'), formatDay(account.createdAt, i18n.resolvedLanguage)],
      ]
    : [];

  return (
    // A Box, not MUI's Container: a fifth screen using Container would move it into the file every
    // first visit loads (the shared vendor file takes what five screens use).
    <Box
      component="main"
      sx={{ width: '100%', maxWidth: 'md', mx: 'auto', py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={{ xs: 3, md: 4 }}>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          {t('account.title')}
        </Typography>

        <Section heading={t('account.details.heading')}>
          {isLoading ? (
            <Skeleton variant="rounded" height={120} role="status" aria-label={t('account.loading')} />
          ) : isError || !account ? (
            <LoadFailedAlert
              retryLabel={t('account.sessions.retry')}
              busyLabel={t('account.loading')}
              busy={isFetching}
              onRetry={() => void refetch()}
            >
              {t('account.loadFailed')}
            </LoadFailedAlert>
          ) : (
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: { xs: 0.25, sm: 1 },
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
              }}
            >
              {facts.map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </Box>
              ))}
            </Box>
          )}
        </Section>

        <Section heading={t('account.password.heading')}>
          {account && !account.signsInWithPassword ? (
            <Typography>{t('account.password.googleOnly')}</Typography>
          ) : (
            <>
              <Typography sx={{ color: 'text.secondary' }}>{t('account.password.intro')}</Typography>
              <ChangePasswordForm />
            </>
          )}
        </Section>

        <Section heading={t('account.sessions.heading')}>
          <Typography sx={{ color: 'text.secondary' }}>{t('account.sessions.intro')}</Typography>
          <SessionList />
        </Section>

        <Section heading={t('account.data.heading')}>
          <Typography sx={{ color: 'text.secondary' }}>{t('account.data.intro')}</Typography>
          {/* The server sends the file as a named attachment, so the browser downloads it as it comes and
              stays on this page (a `download` attribute would name the file after the path instead). */}
          <Button
            component="a"
            href="/api/user/export"
            variant="outlined"
            startIcon={<Download />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('account.data.download')}
          </Button>
        </Section>

        {account ? (
          <Section heading={t('account.delete.heading')}>
            <Typography sx={{ color: 'text.secondary' }}>{t('account.delete.intro')}</Typography>
            <Button
              variant="outlined"
              color="error"
              onClick={() => setDeleting(true)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('account.delete.open')}
            </Button>
            <DeleteAccountDialog open={deleting} account={account} onClose={() => setDeleting(false)} />
          </Section>
        ) : null}
      </Stack>
    </Box>
  );
}
