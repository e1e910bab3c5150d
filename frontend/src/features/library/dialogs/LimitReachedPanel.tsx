import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LimitReachedNotice } from './LimitReachedNotice';

type Props = {
  title: string;
  children: ReactNode;
  cancelLabel: string;
  upgradeLabel: string;
  /** Closes the dialog; the upgrade button closes it too on its way to /subscribe. */
  onClose: () => void;
};

/** What a create dialog shows instead of its form when the free tier's limit is reached. */
export function LimitReachedPanel({ title, children, cancelLabel, upgradeLabel, onClose }: Props) {
  return (
    <>
      <DialogContent>
        <LimitReachedNotice title={title}>{children}</LimitReachedNotice>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button variant="contained" component={RouterLink} to="/subscribe" onClick={onClose}>
          {upgradeLabel}
        </Button>
      </DialogActions>
    </>
  );
}
