import Button from '@mui/material/Button';
import { BusyButton } from './BusyButton';

type Props = {
  /** While the form is being sent: Cancel does nothing, and the submit button says what it is doing. */
  submitting: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
};

/** A dialog form's last two buttons, in its DialogActions: Cancel, then the form's submit button. */
export function CancelAndSubmit({ submitting, onCancel, cancelLabel, submitLabel, busyLabel }: Props) {
  return (
    <>
      <Button onClick={onCancel} disabled={submitting}>
        {cancelLabel}
      </Button>
      <BusyButton type="submit" variant="contained" busy={submitting} busyLabel={busyLabel}>
        {submitLabel}
      </BusyButton>
    </>
  );
}
