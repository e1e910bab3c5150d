import type { VariantType } from 'notistack';

export type Notice = { title: string; description?: string; variant?: VariantType };

type Listener = (notice: Notice) => void;

let listener: Listener | undefined;
const waiting: Notice[] = [];
const firstNoticeWatchers = new Set<() => void>();

/**
 * Toasts are only needed after something happens, so their library loads on the first one: until
 * the toaster is mounted, notices wait here and are shown the moment it is.
 */
export function showNotice(notice: Notice): void {
  if (listener) {
    listener(notice);
    return;
  }
  waiting.push(notice);
  for (const watcher of firstNoticeWatchers) watcher();
}

/** Called by the toaster once mounted: receives what waited, then every notice as it comes. */
export function attachToaster(next: Listener): () => void {
  listener = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (listener === next) listener = undefined;
  };
}

export function onFirstNotice(watcher: () => void): () => void {
  if (waiting.length > 0) watcher();
  firstNoticeWatchers.add(watcher);
  return () => firstNoticeWatchers.delete(watcher);
}
