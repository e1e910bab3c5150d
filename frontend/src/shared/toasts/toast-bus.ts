import type { VariantType } from 'notistack';

export type Notice = { title: string; description?: string; variant?: VariantType };

type Listener = (notice: Notice) => void;

let listener: Listener | undefined;
const waiting: Notice[] = [];
const firstNoticeWatchers = new Set<() => void>();
const shownWaiters: (() => void)[] = [];

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
  for (const run of shownWaiters.splice(0)) run();
  return () => {
    if (listener === next) listener = undefined;
  };
}

export function onFirstNotice(watcher: () => void): () => void {
  if (waiting.length > 0) watcher();
  firstNoticeWatchers.add(watcher);
  return () => firstNoticeWatchers.delete(watcher);
}

/**
 * Runs once every notice given so far is with the toaster: at once when it is mounted, else when
 * its code has loaded. For work that must not hide a toast, such as reloading the page after one.
 */
export function whenNoticesShown(run: () => void): void {
  if (listener) run();
  else shownWaiters.push(run);
}
