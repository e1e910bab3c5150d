import CloseIcon from '../icons/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attachToaster, type Notice } from './toast-bus';

// One toast at a time, each shown for 5 s.
const TOAST_MS = 5_000;

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

function show({ title, description, variant = 'default' }: Notice) {
  // A new toast replaces the one showing, so the latest news is never queued behind old.
  closeSnackbar();
  enqueueSnackbar(
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
    { variant },
  );
}

export function Toaster() {
  const { t } = useTranslation();
  useEffect(() => attachToaster(show), []);
  return (
    <SnackbarProvider
      maxSnack={1}
      Components={contentByVariant}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      action={(key) => (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t('toasts.close')}
          onClick={() => closeSnackbar(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
