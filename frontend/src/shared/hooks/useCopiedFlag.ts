import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button says 'Copied!'. */
export const COPIED_MS = 2_000;

/**
 * The 'Copied!' state of a copy button: shown after a copy, gone after COPIED_MS (a later copy
 * starts the time again), and cleared at once when what the button copies changes.
 */
export function useCopiedFlag(ms = COPIED_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showCopied = useCallback(() => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), ms);
  }, [ms]);

  const clearCopied = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(false);
  }, []);

  return { copied, showCopied, clearCopied };
}
