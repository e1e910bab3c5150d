import { showNotice, type Notice } from '../toasts/toast-bus';

export type { Notice };

/** Shows a toast: a bold title and an optional description. */
export function useNotify(): (notice: Notice) => void {
  return showNotice;
}
