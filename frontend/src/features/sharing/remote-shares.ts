import type { CacheAccess } from '../library/remote-changes';
import { sharingApi } from './sharing.api';

export type ChangedShare = { promptId: number; shareId: string | null };

/**
 * A prompt's public link made or revoked elsewhere: the user's links (the cards' shared marks, the
 * share dialog) are read again, unless this tab shows the link so already (its own change).
 */
export function shareChangedElsewhere({ dispatch, getState }: CacheAccess, change: ChangedShare): void {
  const links = sharingApi.endpoints.listShares.select()(getState()).data;
  const shown = links?.find((link) => link.promptId === change.promptId)?.shareId ?? null;
  if (links && shown === change.shareId) return;
  dispatch(sharingApi.util.invalidateTags(['Shares']));
}
