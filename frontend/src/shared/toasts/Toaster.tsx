import CloseIcon from '../icons/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import Button from '@mui/material/Button';
import {
  MaterialDesignContent,
  SnackbarProvider,
  closeSnackbar,
  enqueueSnackbar,
  type SnackbarKey,
} from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attachToaster, type Notice, type NoticeUndo } from './toast-bus';

// One toast at a time, each shown for 5 s; one that offers an Undo for 10 s, time to think and reach it.
const TOAST_MS = 5_000;
const UNDO_TOAST_MS = 10_000;

// notistack's own colours put white text on backgrounds too light for WCAG AA; these pass.
const AccessibleContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-default': { backgroundColor: '#2b2f36' },
  '&.notistack-MuiContent-success': { backgroundColor: '#1e6b34' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b3261e' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1d4f91' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
});

const contentByVariant = {
  default: AccessibleContent,
  success: AccessibleContent,
  error: AccessibleContent,
  info: AccessibleContent,
  warning: AccessibleContent,
};

// The Undo of the toast on screen, for Ctrl/Cmd-Z; gone when the toast goes.
let shownUndo: { key: SnackbarKey; undo: NoticeUndo } | null = null;

function runUndo(key: SnackbarKey, undo: NoticeUndo) {
  if (shownUndo?.key === key) shownUndo = null;
  closeSnackbar(key);
  undo.run();
}

function show({ title, description, variant = 'default', undo }: Notice) {
  // A new toast replaces the one showing, so the latest news is never queued behind old.
  closeSnackbar();
  shownUndo = null;
  const key = enqueueSnackbar(
    <Box>
      <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography component="p" variant="body2">
          {description}
        </Typography>
      ) : null}
    </Box>,
    {
      variant,
      ...(undo
        ? {
            autoHideDuration: UNDO_TOAST_MS,
            action: (shown: SnackbarKey) => (
              <>
                <Button
                  color="inherit"
                  size="small"
                  sx={{ fontWeight: 700, textDecoration: 'underline' }}
                  onClick={() => runUndo(shown, undo)}
                >
                  {undo.label}
                </Button>
                <CloseButton snackbarKey={shown} />
              </>
            ),
            onClose: () => {
              if (shownUndo?.key === key) shownUndo = null;
            },
          }
        : {}),
    },
  );
  if (undo) shownUndo = { key, undo };
}

function CloseButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('toasts.close')}
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Ctrl/Cmd-Z outside a text field (where it undoes typing) takes back what the toast on screen offers to. */
function useUndoKey() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!shownUndo || event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return;
      if (!(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      runUndo(shownUndo.key, shownUndo.undo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function Toaster() {
  useEffect(() => attachToaster(show), []);
  useUndoKey();
  return (
    <SnackbarProvider
      maxSnack={1}
      Components={contentByVariant}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      action={(key) => <CloseButton snackbarKey={key} />}
    />
  );
}
