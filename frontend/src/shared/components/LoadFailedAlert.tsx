import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton';

type Props = {
  /** What could not be loaded, said to the user. */
  children: ReactNode;
  retryLabel: string;
  /** Said on the button while the retry runs. */
  busyLabel: string;
  busy: boolean;
  onRetry: () => void;
};

/** A list or page that could not be loaded, with a button that asks again. */
export function LoadFailedAlert({ children, retryLabel, busyLabel, busy, onRetry }: Props) {
  return (
    <Alert
      severity="error"
      action={
        <BusyButton color="inherit" size="small" busy={busy} busyLabel={busyLabel} onClick={onRetry}>
          {retryLabel}
        </BusyButton>
      }
    >
      {children}
    </Alert>
  );
}
