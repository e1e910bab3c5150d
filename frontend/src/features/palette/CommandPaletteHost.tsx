import { lazy, Suspense, useEffect, useState } from 'react';

// The palette and the search behind it load on the first Ctrl/Cmd-K, not with every screen.
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

/** Ctrl-K (Cmd-K on a Mac) anywhere on a signed-in screen opens the command palette, or closes it. */
export function CommandPaletteHost() {
  const [open, setOpen] = useState(false);
  // Kept mounted once loaded: a prompt copied from it may still be filling in its dialog.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      ) {
        return;
      }
      event.preventDefault();
      setLoaded(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
