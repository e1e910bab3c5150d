import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { darken, type Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import type { ApiKeySummary } from '@promptlib/proto';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/components/LoadFailedAlert';
import { formatDay, formatMoment } from '../../../shared/locale-format';
import { isExpired } from '../api-key-form';

type Props = {
  keys: ApiKeySummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
  onRevoke: (key: ApiKeySummary) => void;
};

// Two placeholder rows while the keys load: most users have one or two.
const PLACEHOLDERS = 2;

/** The user's keys, newest first, or what stands in for them while there are none to show. */
export function ApiKeyList({ keys, isLoading, isError, isFetching, onRetry, onRevoke }: Props) {
  const { t } = useTranslation();

  if (isLoading)
    return (
      <Stack role="status" aria-label={t('apiKeys.list.loading')} spacing={1.5}>
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  if (isError || !keys)
    return (
      <LoadFailedAlert
        retryLabel={t('apiKeys.list.retry')}
        busyLabel={t('apiKeys.list.loading')}
        busy={isFetching}
        onRetry={onRetry}
      >
        {t('apiKeys.list.loadFailed')}
      </LoadFailedAlert>
    );
  if (keys.length === 0)
    return (
      <Typography role="status" sx={{ py: 1, color: 'text.secondary' }}>
        {t('apiKeys.list.empty')}
      </Typography>
    );

  const now = new Date();
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {keys.map((key) => (
        <ApiKeyRow key={key.id} apiKey={key} expired={isExpired(key, now)} onRevoke={onRevoke} />
      ))}
    </Stack>
  );
}

// MUI's warning orange is under 4.5:1 on a light background; darkened it reads as a warning and passes.
const warningText = (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette.warning.light : darken(theme.palette.warning.main, 0.4);

function ApiKeyRow({
  apiKey,
  expired,
  onRevoke,
}: {
  apiKey: ApiKeySummary;
  expired: boolean;
  onRevoke: (key: ApiKeySummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const nameId = useId();
  const { name } = apiKey;

  return (
    <Stack
      component="li"
      aria-labelledby={nameId}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{
        alignItems: { xs: 'stretch', sm: 'center' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
      }}
    >
      <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={apiKey.scope === 'write' ? 'primary' : 'default'}
            label={t(`apiKeys.scope.${apiKey.scope}`)}
          />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <Box component="span" sx={visuallyHidden}>
            {t('apiKeys.list.start')}{' '}
          </Box>
          <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', color: 'text.primary' }}>
            {apiKey.start}…
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('apiKeys.list.created', { date: formatDay(apiKey.createdAt, language) })}
          {' · '}
          {apiKey.lastUsedAt
            ? t('apiKeys.list.lastUsed', { date: formatMoment(apiKey.lastUsedAt, language) })
            : t('apiKeys.list.neverUsed')}
          {' · '}
          {expired ? (
            <Box component="span" sx={{ color: warningText, fontWeight: 600 }}>
              {t('apiKeys.list.expired')}
            </Box>
          ) : apiKey.expiresAt ? (
            t('apiKeys.list.expires', { date: formatDay(apiKey.expiresAt, language) })
          ) : (
            t('apiKeys.list.neverExpires')
          )}
        </Typography>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          color="error"
          aria-label={t('apiKeys.list.revokeNamed', { name })}
          onClick={() => onRevoke(apiKey)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('apiKeys.list.revoke')}
        </Button>
      </Box>
    </Stack>
  );
}
