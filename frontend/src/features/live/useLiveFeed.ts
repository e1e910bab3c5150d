import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { baseApi } from '../../api/base-api';
import type { AppStore } from '../../app/store';
import { tierChangedElsewhere } from '../billing/hooks/useTierWatcher';
import {
  categoryDeletedElsewhere,
  categoryUpdatedElsewhere,
  manyPromptsChangedElsewhere,
  promptChangedElsewhere,
  promptDeletedElsewhere,
  promptMarkedElsewhere,
  tagChangedElsewhere,
  type CacheAccess,
} from '../library/remote-changes';
import { libraryApi } from '../library/library.api';
import { shareChangedElsewhere } from '../sharing/remote-shares';
import { LiveConnection, type LiveMessage } from './live-connection';
import { earliestLivePosition } from '../../api/live-position';

// One tab of the browser holds the feed and passes what it hears to the others: a feed per tab
// would spend the browser's few connections to the server, and the account's cap of feeds.
const LEADER_LOCK = 'promptlib-live-feed';
const CHANNEL = 'promptlib-live';
// More prompts changed at once than this (an import, a move of many) are read again as lists
// rather than one by one.
const MANY_CHANGES = 20;

/** Applies one message to what this tab has loaded; awaited, so changes apply in their order. */
export async function applyLiveMessage(cache: CacheAccess, message: LiveMessage): Promise<void> {
  if (message.kind === 'reset') {
    cache.dispatch(baseApi.util.invalidateTags(['User', 'Limits', 'Prompts', 'Categories', 'Shares']));
    return;
  }
  if (message.kind === 'opened') {
    // A plan paid between the page's first read of its limits and this moment shows now.
    cache.dispatch(baseApi.util.invalidateTags(['Limits']));
    return;
  }
  const { change } = message;
  switch (change.type) {
    case 'prompt.updated':
      return promptChangedElsewhere(cache, change);
    case 'prompt.deleted':
      return promptDeletedElsewhere(cache, change.promptId);
    case 'prompt.marked':
      return promptMarkedElsewhere(cache, change);
    case 'tag.changed':
      return tagChangedElsewhere(cache, change);
    case 'category.updated':
      return categoryUpdatedElsewhere(cache, change);
    case 'category.deleted':
      return categoryDeletedElsewhere(cache, change.categoryId);
    case 'share.changed':
      return shareChangedElsewhere(cache, change);
    case 'tier.changed': {
      // Not awaited: it may wait for this browser's own checkout tab, and other changes go on.
      const readLimits = async () =>
        (
          await cache.dispatch(
            libraryApi.endpoints.getLimits.initiate(undefined, { forceRefetch: true, subscribe: false }),
          )
        ).data;
      void tierChangedElsewhere(change, readLimits);
      return;
    }
  }
}

const isPromptChange = (message: LiveMessage) =>
  message.kind === 'change' && message.change.type.startsWith('prompt.');

/**
 * Applies messages in their order, one at a time. What waits while one is applied is taken as a
 * whole: a run of many prompt changes is one reading of the lists instead of a read per prompt.
 */
export function liveMessageQueue(cache: CacheAccess): (message: LiveMessage) => void {
  const waiting: LiveMessage[] = [];
  let draining = false;
  const drain = async () => {
    draining = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0);
      const promptChanges = batch.filter(isPromptChange).length;
      if (promptChanges > MANY_CHANGES) manyPromptsChangedElsewhere(cache);
      for (const message of batch) {
        if (promptChanges > MANY_CHANGES && isPromptChange(message)) continue;
        await applyLiveMessage(cache, message).catch(() => undefined);
      }
    }
    draining = false;
  };
  return (message) => {
    waiting.push(message);
    if (!draining) void drain();
  };
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
    const apply = liveMessageQueue({ dispatch: store.dispatch, getState: store.getState });
    // The last change another tab passed on: this tab's feed goes on from there if it takes over.
    let lastHeard: string | null = null;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel)
      channel.onmessage = (event: MessageEvent<LiveMessage>) => {
        if (event.data.kind !== 'opened' && event.data.id) lastHeard = event.data.id;
        apply(event.data);
      };
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
          connection.start(lastHeard ?? earliestLivePosition());
          await leaving;
          connection.stop();
        })
        .catch(() => undefined);
    } else {
      connection.start(earliestLivePosition());
    }
    return () => {
      release?.();
      connection.stop();
      channel?.close();
    };
  }, [store]);
}
