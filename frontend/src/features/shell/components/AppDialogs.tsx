import { Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { closeAppDialog } from '../../../app/ui.slice';
import { lazyWithRetry } from '../../../shared/lazy-with-retry';

// Each loaded when first asked for: the file formats, the zip writer and the lists are not part
// of every screen.
const SharedLinksDialog = lazyWithRetry(() =>
  import('../../sharing/components/SharedLinksDialog').then((m) => ({ default: m.SharedLinksDialog })),
);
const ExportDialog = lazyWithRetry(() =>
  import('../../transfer/components/ExportDialog').then((m) => ({ default: m.ExportDialog })),
);
const ImportDialog = lazyWithRetry(() =>
  import('../../transfer/components/ImportDialog').then((m) => ({ default: m.ImportDialog })),
);
const KeyboardShortcutsDialog = lazyWithRetry(() =>
  import('./KeyboardShortcutsDialog').then((m) => ({ default: m.KeyboardShortcutsDialog })),
);

/** The dialog the user menu, the command palette or a shortcut asked for, on any signed-in screen. */
export function AppDialogs() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.appDialog);
  if (open === null) return null;
  const close = () => dispatch(closeAppDialog());
  return (
    <Suspense fallback={null}>
      {open === 'sharedLinks' ? (
        <SharedLinksDialog onClose={close} />
      ) : open === 'export' ? (
        <ExportDialog onClose={close} />
      ) : open === 'import' ? (
        <ImportDialog onClose={close} />
      ) : (
        <KeyboardShortcutsDialog onClose={close} />
      )}
    </Suspense>
  );
}
