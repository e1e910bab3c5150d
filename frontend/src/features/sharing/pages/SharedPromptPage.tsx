import ContentCopy from '../../../shared/icons/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Logo } from '../../../shared/components/Logo';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { authPathFor } from '../../auth/return-path';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';
import { TemplateText } from '../../templates/components/TemplateText';
import { fillTemplate, isTemplate, parseTemplate } from '@promptlib/proto';
import { useGetSharedPromptQuery } from '../sharing.api';
import { lazyWithRetry } from '../../../shared/lazy-with-retry';

// Only a signed-in visitor can save a copy: the library code it needs is not loaded for anyone else.
const SaveToLibraryButton = lazyWithRetry(() =>
  import('../components/SaveToLibraryButton').then((m) => ({ default: m.SaveToLibraryButton })),
);

// Loaded when a visitor copies a prompt with blanks, not with the page.
const FillTemplateDialog = lazyWithRetry(() =>
  import('../../templates/components/FillTemplateDialog').then((m) => ({ default: m.FillTemplateDialog })),
);

/**
 * A prompt someone shared by link: readable by anyone, text shown as text, its blanks marked and
 * filled in before copying, as in the library.
 */
export function SharedPromptPage() {
  // The words of the text's marks (an include, an automatic value) are in the templates' small
  // file: read alongside the prompt rather than before it.
  const { t, ready: marksReady } = useTranslation(['translation', FILL_NAMESPACE], { useSuspense: false });
  const { shareId = '' } = useParams();
  const { data, isLoading, isError } = useGetSharedPromptQuery(shareId);
  // The app's one way to ask who is here: a visitor's 401 is the normal answer, not an error.
  const { user, isLoading: userLoading } = useCurrentUser();
  const notify = useNotify();
  const { copied, showCopied } = useCopiedFlag();
  const template = useMemo(() => parseTemplate(data?.content ?? ''), [data?.content]);
  const [filling, setFilling] = useState(false);

  const copyText = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      showCopied();
      return true;
    } catch {
      notify({
        title: t('shared.copyFailed.title'),
        description: t('shared.copyFailed.description'),
        variant: 'error',
      });
      return false;
    }
  };

  const copy = () => {
    if (!data) return;
    // Includes too: the dialog says that the prompts they name are not shared, and leaves them out.
    if (isTemplate(template)) setFilling(true);
    else void copyText(fillTemplate(template, {}));
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: { xs: 3, md: 6 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            mb: 4,
            color: 'primary.main',
            textDecoration: 'none',
          }}
        >
          <Logo />
          <Typography component="span" variant="h6" sx={{ fontWeight: 800, color: 'text.primary' }}>
            {t('app.name')}
          </Typography>
        </Box>
        {isLoading || (data && !marksReady) ? (
          <Typography role="status">{t('shared.loading')}</Typography>
        ) : isError || !data ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>
              {t('shared.notFound.title')}
            </Typography>
            {isError ? (
              <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
                {t('shared.notFound.loadFailed')}
              </Alert>
            ) : null}
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('shared.notFound.text')}</Typography>
            <Button component={RouterLink} to="/" variant="contained">
              {t('shared.notFound.home')}
            </Button>
          </Paper>
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 2, overflowWrap: 'anywhere' }}>
              {data.title}
            </Typography>
            <Box
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0, mb: 3 }}
            >
              {/* No titles: an include shows as a reference to another prompt, which is not shared. */}
              <TemplateText template={template} />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                color={copied ? 'success' : 'primary'}
                startIcon={<ContentCopy />}
                onClick={copy}
              >
                {copied ? t('shared.copied') : t('shared.copy')}
              </Button>
              <Button component={RouterLink} to="/" variant="outlined">
                {t('shared.back')}
              </Button>
              {user ? (
                <Suspense fallback={null}>
                  <SaveToLibraryButton prompt={data} shareId={shareId} />
                </Suspense>
              ) : null}
            </Stack>
            {filling ? (
              <Suspense fallback={null}>
                <FillTemplateDialog
                  title={data.title}
                  template={template}
                  memoryKey={`shared:${shareId}`}
                  action={{
                    label: t('templates.fill.copy'),
                    busyLabel: t('templates.fill.copying'),
                    icon: <ContentCopy />,
                    run: copyText,
                  }}
                  onClose={() => setFilling(false)}
                />
              </Suspense>
            ) : null}
          </Paper>
        )}
      </Container>
      {/* The invitation is for visitors; signing up brings them back to this prompt. */}
      {user || userLoading ? null : (
        <Box component="footer" sx={{ py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('shared.footer')}{' '}
            <Box
              component={RouterLink}
              to={authPathFor(`/shared/${shareId}`, 'register')}
              sx={{ color: 'primary.main', fontWeight: 600 }}
            >
              {t('shared.signUp')}
            </Box>
          </Typography>
        </Box>
      )}
    </Box>
  );
}
