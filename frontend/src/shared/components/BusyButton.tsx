import Button, { type ButtonProps } from '@mui/material/Button';
import { Spinner } from './Spinner';

type Props = ButtonProps & { busy: boolean; busyLabel: string };

/** A button that says what it is doing while its action runs, and cannot be pressed twice meanwhile. */
export function BusyButton({ busy, busyLabel, children, disabled, ...props }: Props) {
  return (
    <Button {...props} disabled={busy || disabled} startIcon={busy ? <Spinner size={18} /> : props.startIcon}>
      {busy ? busyLabel : children}
    </Button>
  );
}
