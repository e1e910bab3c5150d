import CloseIcon from '../../../shared/icons/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { tierDefaults, type Prompt, type PromptVersion } from '@promptlib/proto';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { useGetCategoriesQuery, useGetLimitsQuery } from '../library.api';
import { isGeneral } from '../prompt-selection';
import { usePromptHistory } from './usePromptHistory';
import { differsFromCurrent, VersionComparison } from './VersionComparison';
import { VersionList } from './VersionList';

export type HistoryOf = { id: number; title: string };

type Props = {
  prompt: HistoryOf;
  onClose: () => void;
  /** Told of the prompt as a restore left it. */
  onRestored?: (prompt: Prompt) => void;
};

/** `chosen` is a version number, or the newest version whatever its number (after a restore). */
type Chosen = number | 'current' | null;

/**
 * A prompt's history: every version newest first, one compared with the current text, and a way
 * to make it the current one again. Side by side on a wide screen, where the last change is
 * compared at once; one after the other on a phone, the list first.
 */
export function PromptHistoryDialog({ prompt, onClose, onRestored }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const sideBySide = useMediaQuery(theme.breakpoints.up('md'));
  const history = usePromptHistory(prompt.id);
  const { data: limits } = useGetLimitsQuery();
  const { data: categories } = useGetCategoriesQuery();
  const versions = history.versions;
  const current = versions?.[0];

  const [chosen, setChosen] = useState<Chosen>(null);
  const [showingList, setShowingList] = useState(true);
  // After a restore, until the history read after it is here: the read that was shown before it.
  const [restoredAfter, setRestoredAfter] = useState<{ readId: string | undefined } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);

  const selected: PromptVersion | undefined =
    chosen === 'current'
      ? current
      : chosen !== null
        ? versions?.find((version) => version.version === chosen)
        : sideBySide
          ? (versions?.[1] ?? current)
          : undefined;

  // A restore is done once the history read after it is here (or could not be read): then the new
  // current version is shown.
  const { readId, isFetching } = history;
  useEffect(() => {
    if (restoredAfter === null || readId === restoredAfter.readId || isFetching) return;
    setRestoredAfter(null);
    setChosen('current');
    setShowingList(false);
    setFocusHeading(true);
  }, [restoredAfter, readId, isFetching]);

  useEffect(() => {
    if (!focusHeading || !headingRef.current) return;
    headingRef.current.focus();
    setFocusHeading(false);
  });

  const choose = useCallback(
    (version: number) => {
      setChosen(version);
      if (!sideBySide) {
        setShowingList(false);
        setFocusHeading(true);
      }
    },
    [sideBySide],
  );

  const categoryName = (categoryId: number | null): string => {
    const category = categories?.find((candidate) => candidate.id === categoryId);
    if (!category) return categoryId === null ? t('library.history.deletedCategory') : '…';
    return isGeneral(category) ? t('library.filters.general') : category.name;
  };

  const restore = async (version: PromptVersion) => {
    const readBefore = history.readId;
    try {
      const restored = await history.restore(version.version);
      notify({
        title: t('library.history.restored.title', { version: version.version }),
        description: t('library.history.restored.description'),
        variant: 'success',
      });
      setRestoredAfter({ readId: readBefore });
      onRestored?.(restored);
    } catch (error) {
      notifyFailure(error, t('library.history.restoreFailed'));
    }
  };

  const restorable = selected && current && differsFromCurrent(selected, current) ? selected : null;
  const restoring = history.isRestoring || restoredAfter !== null;
  const listShown = sideBySide || showingList || !selected;
  const comparisonShown = Boolean(selected) && (sideBySide || !showingList);

  const kept = limits ? (
    <Typography variant="body2" sx={{ color: 'text.secondary', p: 1.5 }}>
      {t('library.history.planKeeps', { versions: limits.versionsKept })}
      {limits.isPro ? null : (
        <>
          {' '}
          <Link component={RouterLink} to="/subscribe">
            {t('library.history.keepMore', { versions: tierDefaults.proVersionsKept })}
          </Link>
        </>
      )}
    </Typography>
  ) : null;

  const loadFailed = (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={history.retry}>
          {t('library.share.retry')}
        </Button>
      }
    >
      {t('library.history.loadFailed')}
    </Alert>
  );

  let body;
  if (!versions) {
    body = history.failed ? (
      <Box sx={{ p: 3, width: '100%' }}>{loadFailed}</Box>
    ) : (
      <Stack role="status" aria-label={t('library.history.loading')} spacing={1} sx={{ p: 2, width: '100%' }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else {
    body = (
      <>
        {listShown ? (
          <Box
            sx={{
              width: sideBySide ? { md: 300, lg: 340 } : '100%',
              flexShrink: 0,
              overflowY: 'auto',
              borderRight: sideBySide ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            {/* Read before, but not again after a restore: what is shown may be out of date. */}
            {history.failed ? <Box sx={{ p: 1.5 }}>{loadFailed}</Box> : null}
            <VersionList
              versions={versions}
              selected={selected?.version ?? null}
              onSelect={choose}
              focusSelected={!sideBySide && chosen !== null}
            />
            {kept}
          </Box>
        ) : null}
        {comparisonShown && selected && current ? (
          // Focusable, so a long text scrolls by keyboard too.
          <Box
            tabIndex={0}
            role="region"
            aria-label={t('library.history.comparison')}
            sx={{ flex: 1, minWidth: 0, overflowY: 'auto', p: { xs: 2, sm: 3 } }}
          >
            {sideBySide ? null : (
              <Button onClick={() => setShowingList(true)} sx={{ mb: 1, ml: -1 }}>
                ← {t('library.history.back')}
              </Button>
            )}
            <VersionComparison
              version={selected}
              current={current}
              categoryName={categoryName}
              headingRef={headingRef}
              action={
                restorable ? (
                  <BusyButton
                    variant="contained"
                    busy={restoring}
                    busyLabel={t('library.history.restoring')}
                    onClick={() => void restore(restorable)}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('library.history.restore')}
                  </BusyButton>
                ) : null
              }
            />
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={restoring ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      slotProps={{ paper: { sx: { height: phone ? undefined : 'min(86vh, 900px)' } } }}
    >
      {/* Closed from the top, not from buttons below: a toast at the foot of the screen would cover those. */}
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
          {t('library.history.title', { title: current?.title ?? prompt.title })}
        </DialogTitle>
        <IconButton
          aria-label={t('library.close')}
          title={t('library.close')}
          onClick={onClose}
          disabled={restoring}
          sx={{ m: 1.5 }}
        >
          <CloseIcon />
        </IconButton>
      </Stack>
      <DialogContent dividers sx={{ p: 0, display: 'flex', minHeight: 0, borderBottom: 0 }}>
        {body}
      </DialogContent>
    </Dialog>
  );
}
