import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';
import { clientConfigs, mcpServerUrl, type ClientConfig } from '../client-configs';
import { CopyButton } from './CopyButton';

type Props = {
  /** The key just created on this page, with its name; else the snippets show a placeholder. */
  created: { name: string; key: string } | null;
  headingId: string;
};

/** The MCP server's address, and how each AI client is configured to reach it with a key. */
export function ConnectClients({ created, headingId }: Props) {
  const { t } = useTranslation();
  const url = mcpServerUrl(window.location.origin);
  const placeholder = t('apiKeys.connect.keyPlaceholder');
  const configs = clientConfigs(url, created?.key ?? placeholder);

  return (
    <Stack spacing={2.5}>
      <Typography component="h2" variant="h6" id={headingId} sx={{ fontWeight: 700 }}>
        {t('apiKeys.connect.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('apiKeys.connect.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <FormTextField
          label={t('apiKeys.connect.address')}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
          sx={{ fontFamily: 'monospace' }}
        />
        <CopyButton text={url} label={t('apiKeys.connect.copyAddress')} variant="outlined" />
      </Stack>
      {created ? (
        <Alert severity="success" role="status">
          {t('apiKeys.connect.keyIncluded', { name: created.name })}
        </Alert>
      ) : (
        <Alert severity="info" role="note">
          {t('apiKeys.connect.placeholderNote', { placeholder })}
        </Alert>
      )}
      {configs.map((config) => (
        <ClientSnippet key={config.id} config={config} />
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('apiKeys.connect.merge')}
      </Typography>
    </Stack>
  );
}

function ClientSnippet({ config }: { config: ClientConfig }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}
      >
        <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 700 }}>
          {config.client}
        </Typography>
        <CopyButton
          text={config.text}
          label={t('apiKeys.connect.copyNamed', { client: config.client })}
          size="small"
        />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t(`apiKeys.connect.where.${config.id}`)}
      </Typography>
      {/* Wrapped rather than scrolled: the whole snippet reads on a phone, and copies as it is. */}
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code>{config.text}</code>
      </Box>
    </Box>
  );
}
