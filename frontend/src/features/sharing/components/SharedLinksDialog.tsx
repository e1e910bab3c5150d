import Check from '../../../shared/icons/Check';
import ContentCopy from '../../../shared/icons/ContentCopy';
import OpenInNew from '../../../shared/icons/OpenInNew';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SharedLink } from '@promptlib/proto';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../shared/components/BusyButton';
import { LoadFailedAlert } from '../../../shared/components/LoadFailedAlert';
import { Spinner } from '../../../shared/components/Spinner';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { formatDay } from '../../../shared/locale-format';
import { useListSharesQuery, useRevokeShareMutation } from '../sharing.api';
import { useCopyLink } from '../use-copy-link';

/**
 * Every prompt the user has made public, newest first: its title, since when, how often it was
 * viewed, its link to copy or open, and a way to stop sharing it. A link stopped here stops at once,
 * as from the prompt's own share dialog.
 */
export function SharedLinksDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: links, isLoading, isError, refetch, isFetching } = useListSharesQuery();

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('library.sharedLinks.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('library.sharedLinks.intro')}
        </Typography>
        {isLoading ? (
          <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
            <Spinner size={20} />
            <Typography>{t('library.sharedLinks.loading')}</Typography>
          </Stack>
        ) : isError || !links ? (
          <LoadFailedAlert
            retryLabel={t('library.share.retry')}
            busyLabel={t('library.sharedLinks.loading')}
            busy={isFetching}
            onRetry={() => void refetch()}
          >
            {t('library.sharedLinks.loadFailed')}
          </LoadFailedAlert>
        ) : links.length === 0 ? (
          <Typography role="status" sx={{ py: 1 }}>
            {t('library.sharedLinks.empty')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {links.map((link) => (
              <SharedLinkRow key={link.shareId} link={link} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('library.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function SharedLinkRow({ link }: { link: SharedLink }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const [revokeShare, revocation] = useRevokeShareMutation();
  const { copied, showCopied } = useCopiedFlag();
  const copyLink = useCopyLink();
  const title = link.title;

  const copy = async () => {
    if (await copyLink(link.url)) showCopied();
  };

  const stop = async () => {
    try {
      await revokeShare(link.promptId).unwrap();
      notify({ title: t('library.sharedLinks.stopped', { title }) });
    } catch (error) {
      notifyFailure(error, t('library.share.stopFailed'));
    }
  };

  return (
    <Stack
      component="li"
      aria-labelledby={titleId}
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
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('library.sharedLinks.since', { date: formatDay(link.createdAt, i18n.resolvedLanguage) })}
          {' · '}
          {t('library.share.views', { count: link.views })}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Tooltip title={copied ? t('library.share.copied') : t('library.share.copy')}>
          <IconButton
            aria-label={copied ? t('library.share.copied') : t('library.sharedLinks.copyNamed', { title })}
            color={copied ? 'success' : 'default'}
            onClick={() => void copy()}
          >
            {copied ? <Check /> : <ContentCopy />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('library.sharedLinks.open')}>
          <IconButton
            component={Link}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('library.sharedLinks.openNamed', { title })}
          >
            <OpenInNew />
          </IconButton>
        </Tooltip>
        <BusyButton
          color="error"
          busy={revocation.isLoading}
          busyLabel={t('library.share.stopping')}
          aria-label={
            revocation.isLoading ? t('library.share.stopping') : t('library.sharedLinks.stopNamed', { title })
          }
          onClick={() => void stop()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('library.share.stop')}
        </BusyButton>
      </Stack>
    </Stack>
  );
}
