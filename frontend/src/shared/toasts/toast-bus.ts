import type { VariantType } from 'notistack';

/** What a notice offers to take back (a deletion): a button on it, and Ctrl/Cmd-Z while it shows. */
export type NoticeUndo = { label: string; run: () => void };

export type Notice = { title: string; description?: string; variant?: VariantType; undo?: NoticeUndo };

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

// The page's session storage keeps it across a reload, and only in this tab.
const AFTER_RELOAD_KEY = 'promptlib.notice-after-reload';

/**
 * Shows a notice now and once more when the page has reloaded: for news the page is about to
 * reload on, which would otherwise be seen for an instant.
 */
export function showNoticeAcrossReload(notice: Omit<Notice, 'undo'>): void {
  showNotice(notice);
  try {
    window.sessionStorage.setItem(AFTER_RELOAD_KEY, JSON.stringify(notice));
  } catch {
    // Without session storage the notice is seen until the reload only.
  }
}

/** At the start of a page: the notice left for after its reload, shown once. */
export function showNoticeLeftForReload(): void {
  let kept: string | null = null;
  try {
    kept = window.sessionStorage.getItem(AFTER_RELOAD_KEY);
    window.sessionStorage.removeItem(AFTER_RELOAD_KEY);
  } catch {
    return;
  }
  if (kept === null) return;
  try {
    showNotice(JSON.parse(kept) as Notice);
  } catch {
    // Not one this app wrote: nothing to show.
  }
}
