import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_TYPED_AHEAD, typedAheadWith, type TypedAhead } from './typed-ahead';
import { lazyWithRetry } from '../../shared/lazy-with-retry';

// The palette and the search behind it load on the first Ctrl/Cmd-K, not with every screen.
const CommandPalette = lazyWithRetry(() =>
  import('./CommandPalette').then((m) => ({ default: m.CommandPalette })),
);

const isShortcut = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/**
 * Ctrl-K (Cmd-K on a Mac) anywhere on a signed-in screen opens the command palette, or closes it.
 * Keys typed after the shortcut, before the palette's field can take them (its code loading, the
 * dialog opening), are kept for it: a fast typist's query and Enter are never lost, nor typed into
 * the page behind.
 */
export function CommandPaletteHost() {
  const [open, setOpen] = useState(false);
  // Kept mounted once loaded: a prompt copied from it may still be filling in its dialog.
  const [loaded, setLoaded] = useState(false);
  const openRef = useRef(false);
  const typedAhead = useRef<TypedAhead | null>(null);

  const setOpenState = useCallback((next: boolean) => {
    openRef.current = next;
    typedAhead.current = next ? EMPTY_TYPED_AHEAD : null;
    setOpen(next);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isShortcut(event)) {
        event.preventDefault();
        setLoaded(true);
        setOpenState(!openRef.current);
        return;
      }
      const ahead = typedAhead.current;
      if (ahead === null || event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpenState(false);
        return;
      }
      const next = typedAheadWith(ahead, event);
      if (next === ahead) return;
      event.preventDefault();
      event.stopPropagation();
      typedAhead.current = next;
    };
    // Capturing, so the keys are kept before whatever has the focus behind the palette sees them.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [setOpenState]);

  // The palette takes what was typed once its field has the focus; later keys go to the field.
  const takeTypedAhead = useCallback((): TypedAhead => {
    const ahead = typedAhead.current ?? EMPTY_TYPED_AHEAD;
    typedAhead.current = null;
    return ahead;
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setOpenState(false)} takeTypedAhead={takeTypedAhead} />
    </Suspense>
  );
}
