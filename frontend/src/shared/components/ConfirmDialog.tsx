import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './BusyButton';

type Props = {
  open: boolean;
  title: string;
  message: string;
  /** What the question is about (a prompt's title), shown above it so nobody confirms for the wrong one. */
  subject?: string;
  confirmLabel: string;
  /** The safe answer; "Cancel" unless given. */
  cancelLabel?: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes-or-no question before something that cannot be undone; the safe answer has the focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  subject,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {subject ? (
            <Box
              component="strong"
              sx={{ display: 'block', mb: 1, color: 'text.primary', overflowWrap: 'anywhere' }}
            >
              {subject}
            </Box>
          ) : null}
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <BusyButton color="error" variant="contained" onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
