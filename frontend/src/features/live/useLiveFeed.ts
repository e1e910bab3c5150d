import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { baseApi } from '../../api/base-api';
import { tierChangedElsewhere } from '../billing/hooks/useTierWatcher';
import type { AppStore } from '../../app/store';
import {
  categoryDeletedElsewhere,
  promptChangedElsewhere,
  promptDeletedElsewhere,
  type CacheAccess,
} from '../library/remote-changes';
import { LiveConnection, type LiveMessage } from './live-connection';

// One tab of the browser holds the feed and passes what it hears to the others: a feed per tab
// would spend the browser's few connections to the server, and the account's cap of feeds.
const LEADER_LOCK = 'promptlib-live-feed';
const CHANNEL = 'promptlib-live';

/** Applies one message to what this tab has loaded; awaited, so changes apply in their order. */
export async function applyLiveMessage(cache: CacheAccess, message: LiveMessage): Promise<void> {
  if (message.kind === 'reset') {
    cache.dispatch(baseApi.util.invalidateTags(['User', 'Limits', 'Prompts', 'Categories', 'Shares']));
    return;
  }
  const { change } = message;
  switch (change.type) {
    case 'prompt.updated':
      return promptChangedElsewhere(cache, change.promptId);
    case 'prompt.deleted':
      return promptDeletedElsewhere(cache, change.promptId);
    case 'category.deleted':
      return categoryDeletedElsewhere(cache, change.categoryId);
    case 'tier.changed':
      // The tier watcher reads the new limits and says 'Upgraded to Pro!' once.
      // Not awaited: it may wait for this browser's own checkout tab, and other changes go on.
      void tierChangedElsewhere(change.isPro, () => cache.dispatch(baseApi.util.invalidateTags(['Limits'])));
      return;
  }
}

/**
 * While a user is signed in: changes made on their other devices and tabs show here without a
 * reload (GET /api/events). The limits poll stays as the fallback where the feed cannot reach.
 */
export function useLiveFeed(): void {
  const store = useStore() as AppStore;

  useEffect(() => {
    // A browser without Server-Sent Events keeps to the limits poll.
    if (typeof EventSource === 'undefined') return;
    const cache: CacheAccess = { dispatch: store.dispatch, getState: store.getState };
    let queue = Promise.resolve();
    const apply = (message: LiveMessage) => {
      queue = queue.then(() => applyLiveMessage(cache, message)).catch(() => undefined);
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = (event: MessageEvent<LiveMessage>) => apply(event.data);
    const connection = new LiveConnection((message) => {
      apply(message);
      channel?.postMessage(message);
    });

    let release: (() => void) | undefined;
    const leaving = new Promise<void>((resolve) => (release = resolve));
    if (typeof navigator !== 'undefined' && navigator.locks) {
      // Held until this tab leaves or signs out; then the next waiting tab opens the feed.
      void navigator.locks
        .request(LEADER_LOCK, async () => {
          connection.start();
          await leaving;
          connection.stop();
        })
        .catch(() => undefined);
    } else {
      connection.start();
    }
    return () => {
      release?.();
      connection.stop();
      channel?.close();
    };
  }, [store]);
}
