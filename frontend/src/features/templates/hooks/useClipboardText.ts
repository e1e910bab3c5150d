import { useEffect, useRef, useState } from 'react';

export type ClipboardText =
  | { state: 'unread' }
  | { state: 'reading' }
  | { state: 'read'; text: string }
  /** Refused by the user or the browser, or no clipboard to read at all (an insecure page). */
  | { state: 'failed' };

/**
 * The clipboard's text, read once as soon as it is `wanted`: when the fill dialog opens, still within
 * the click that opened it, which is what browsers ask of a page that reads the clipboard.
 */
export function useClipboardText(wanted: boolean): ClipboardText {
  const [clipboard, setClipboard] = useState<ClipboardText>({ state: 'unread' });
  // One read however often the effect runs: a second one could ask the user a second time.
  const reading = useRef<Promise<string> | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    reading.current ??= readClipboard();
    setClipboard((known) => (known.state === 'unread' ? { state: 'reading' } : known));
    reading.current.then(
      (text) => current && setClipboard({ state: 'read', text }),
      () => current && setClipboard({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  return wanted && clipboard.state === 'unread' ? { state: 'reading' } : clipboard;
}

async function readClipboard(): Promise<string> {
  // Undefined on a page served without HTTPS, whatever the types say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (typeof clipboard?.readText !== 'function') throw new Error('No clipboard to read');
  return clipboard.readText();
}
