import Check from '../../../shared/icons/Check';
import ContentCopy from '../../../shared/icons/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Prompt } from '@promptlib/proto';
import { memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../shared/components/BusyButton';
import { FormTextField } from '../../../shared/components/FormTextField';
import { Spinner } from '../../../shared/components/Spinner';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { serverMessage } from '../../../shared/server-message';
import { viewsOf } from '../share-links';
import { useCreateShareMutation, useListSharesQuery, useRevokeShareMutation } from '../sharing.api';
import { useCopyLink } from '../use-copy-link';

type Props = {
  /** The prompt to share; the dialog is open while there is one. */
  prompt: Pick<Prompt, 'id' | 'title'> | null;
  onClose: () => void;
};

/**
 * A prompt's public link: found again as the dialog opens when the prompt is shared already, else
 * made once the user has read what becomes public and asked for it; ready to copy, with how often it
 * was viewed and a way to stop sharing.
 */
export const ShareDialog = memo(function ShareDialog({ prompt, onClose }: Props) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const textId = useId();
  const [createShare, creation] = useCreateShareMutation();
  const [revokeShare, revocation] = useRevokeShareMutation();
  const { data: links } = useListSharesQuery(undefined, { skip: prompt === null });
  // The last prompt stays on screen while the dialog fades out.
  const [shown, setShown] = useState(prompt);
  if (prompt !== null && prompt !== shown) setShown(prompt);
  const [stoppedFor, setStoppedFor] = useState<number | null>(null);
  const { copied, showCopied, clearCopied } = useCopiedFlag();
  const copyLink = useCopyLink();

  // A prompt's first link waits for the user's yes; one it has already is read again (the call is
  // idempotent and answers with the address).
  // Once only: the list read again after this dialog made the link must not ask for it a second time
  // (the link would blink out while the second call runs).
  const promptId = prompt?.id;
  const sharedAlready = promptId !== undefined && links?.some((link) => link.promptId === promptId);
  const askedFor = creation.originalArgs;
  useEffect(() => {
    if (promptId !== undefined && sharedAlready && askedFor !== promptId) void createShare(promptId);
  }, [promptId, sharedAlready, askedFor, createShare]);

  const forShown = shown !== null && creation.originalArgs === shown.id;
  const link = forShown && creation.isSuccess ? creation.data : undefined;
  const phase =
    shown !== null && stoppedFor === shown.id
      ? 'stopped'
      : forShown && creation.isError
        ? 'failed'
        : link
          ? 'ready'
          : links !== undefined && !forShown && !sharedAlready
            ? 'confirm'
            : 'loading';
  const views = link ? viewsOf(links, link.shareId) : undefined;

  const reset = () => {
    creation.reset();
    revocation.reset();
    setStoppedFor(null);
    clearCopied();
  };

  const share = () => {
    if (!shown) return;
    setStoppedFor(null);
    void createShare(shown.id);
  };

  const copy = async () => {
    if (link && (await copyLink(link.url))) showCopied();
  };

  const stop = async () => {
    if (!shown) return;
    try {
      await revokeShare(shown.id).unwrap();
      setStoppedFor(shown.id);
      clearCopied();
    } catch (error) {
      notifyFailure(error, t('library.share.stopFailed'));
    }
  };

  const close = () => {
    if (!revocation.isLoading) onClose();
  };

  return (
    <Dialog
      open={prompt !== null}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id={titleId}>{t('library.share.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {phase === 'confirm'
            ? t('library.share.firstShare', { title: shown?.title ?? '' })
            : t('library.share.intro', { title: shown?.title ?? '' })}
        </DialogContentText>
        {phase === 'loading' ? (
          <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
            <Spinner size={20} />
            <Typography>{t('library.share.creating')}</Typography>
          </Stack>
        ) : phase === 'failed' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={share}>
                {t('library.share.retry')}
              </Button>
            }
          >
            {serverMessage(creation.error, t, t('library.share.createFailed'))}
          </Alert>
        ) : phase === 'confirm' ? null : phase === 'stopped' ? (
          <Alert severity="info" role="status">
            {t('library.share.stopped')}
          </Alert>
        ) : (
          <Stack spacing={1}>
            <FormTextField
              label={t('library.share.link')}
              value={link?.url ?? ''}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            {views !== undefined ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('library.share.views', { count: views })}
              </Typography>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      {/* A label stays on one line; on a phone the buttons take a second row instead. */}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        {phase === 'ready' ? (
          <>
            <BusyButton
              color="error"
              onClick={() => void stop()}
              busy={revocation.isLoading}
              busyLabel={t('library.share.stopping')}
              sx={{ mr: 'auto' }}
            >
              {t('library.share.stop')}
            </BusyButton>
            <Button onClick={close} disabled={revocation.isLoading}>
              {t('library.share.close')}
            </Button>
            <Button
              key="copy"
              variant="contained"
              color={copied ? 'success' : 'primary'}
              startIcon={copied ? <Check /> : <ContentCopy />}
              onClick={() => void copy()}
              disabled={revocation.isLoading}
              autoFocus
            >
              {copied ? t('library.share.copied') : t('library.share.copy')}
            </Button>
          </>
        ) : phase === 'confirm' ? (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button key="create" variant="contained" onClick={share} autoFocus>
              {t('library.share.create')}
            </Button>
          </>
        ) : phase === 'stopped' ? (
          <>
            <Button onClick={close}>{t('library.share.close')}</Button>
            {/* Keyed: a new button takes the focus, where a reused one would not. */}
            <Button key="again" variant="contained" onClick={share} autoFocus>
              {t('library.share.again')}
            </Button>
          </>
        ) : (
          <Button onClick={close}>{t('library.share.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
});
