import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';

/**
 * The free tier's limit, told the same way wherever it stops the user: in the create dialogs and on
 * a shared prompt's page. It holds no dialog parts, so a page can show it without a dialog's code.
 */
export function LimitReachedNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
