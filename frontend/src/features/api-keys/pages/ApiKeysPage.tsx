import Add from '../../../shared/icons/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKeySummary, CreatedApiKey } from '@promptlib/proto';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { API_KEYS_MAX } from '@promptlib/proto';
import { atKeyLimit } from '../api-key-form';
import { useListApiKeysQuery, useRevokeApiKeyMutation } from '../api-keys.api';
import { ApiKeyList } from '../components/ApiKeyList';
import { ConnectClients } from '../components/ConnectClients';
import { ConnectExtensionDialog } from '../components/ConnectExtensionDialog';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';

/**
 * The user's personal API keys (made, listed, revoked) and how an AI client connects to the MCP
 * server with one. A key made here is put into the connection snippets until the page is left.
 */
export function ApiKeysPage() {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const keysHeadingId = useId();
  const connectHeadingId = useId();
  const limitId = useId();
  const keysHeading = useRef<HTMLHeadingElement>(null);
  // Read afresh on every visit: a key's last use changes while the page is away.
  const {
    data: keys,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useListApiKeysQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [revokeApiKey, revocation] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  // The question keeps naming its key while the dialog fades out.
  const [asked, setAsked] = useState(revoking);
  if (revoking !== null && revoking !== asked) setAsked(revoking);
  // The secret of the key made on this visit, in this component's state only: gone when the page is.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  // The browser extension opened this page to be handed a key (see ConnectExtensionDialog).
  const [params, setParams] = useSearchParams();
  const connectingExtension = params.get('connect') === 'extension';
  const atLimit = atKeyLimit(keys);
  // A revoked key is never offered for copying again.
  const liveCreated = created && keys?.some((key) => key.id === created.id) ? created : null;

  // The revoked key's row and its button are gone: the keyboard carries on from the list's heading,
  // after the closed dialog has given the focus back to where it came from.
  useEffect(() => {
    if (!focusHeading || revoking) return;
    keysHeading.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, revoking]);

  const revoke = async () => {
    if (!revoking) return;
    const { id, name } = revoking;
    try {
      await revokeApiKey(id).unwrap();
      notify({
        title: t('library.toasts.success'),
        description: t('apiKeys.revoke.done', { name }),
        variant: 'success',
      });
      setFocusHeading(true);
    } catch (error) {
      notifyFailure(error, t('apiKeys.revoke.failed'));
    }
    setRevoking(null);
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={{ xs: 3, md: 4 }}>
        <Stack spacing={1}>
          <Typography
            component="h1"
            variant="h4"
            sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {t('apiKeys.title')}
          </Typography>
          <Typography>{t('apiKeys.intro')}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('apiKeys.access')}</Typography>
        </Stack>

        <Paper
          component="section"
          variant="outlined"
          aria-labelledby={keysHeadingId}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Box>
                <Typography
                  ref={keysHeading}
                  component="h2"
                  variant="h6"
                  id={keysHeadingId}
                  tabIndex={-1}
                  sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}
                >
                  {t('apiKeys.list.heading')}
                </Typography>
                {keys ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('apiKeys.list.count', { count: keys.length, max: API_KEYS_MAX })}
                  </Typography>
                ) : null}
              </Box>
              <Button
                variant="contained"
                startIcon={<Add />}
                disabled={!keys || atLimit}
                aria-describedby={atLimit ? limitId : undefined}
                onClick={() => setCreating(true)}
                sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {t('apiKeys.create.button')}
              </Button>
            </Stack>
            {atLimit ? (
              <Alert severity="info" id={limitId} role="note">
                {t('apiKeys.list.limit', { max: API_KEYS_MAX })}
              </Alert>
            ) : null}
            <ApiKeyList
              keys={keys}
              isLoading={isLoading}
              isError={isError}
              isFetching={isFetching}
              onRetry={() => void refetch()}
              onRevoke={setRevoking}
            />
          </Stack>
        </Paper>

        <Paper
          component="section"
          variant="outlined"
          aria-labelledby={connectHeadingId}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <ConnectClients created={liveCreated} headingId={connectHeadingId} />
        </Paper>
      </Stack>

      <ConnectExtensionDialog
        open={connectingExtension}
        onClose={() =>
          setParams((now) => {
            now.delete('connect');
            return now;
          })
        }
      />
      <CreateApiKeyDialog open={creating} onCreated={setCreated} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revoke.title')}
        message={t('apiKeys.revoke.message', { name: asked?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke.confirm')}
        busyLabel={t('apiKeys.revoke.revoking')}
        busy={revocation.isLoading}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Container>
  );
}
