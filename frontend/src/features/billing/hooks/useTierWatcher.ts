import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../../api/base-api';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useGetLimitsQuery } from '../../library/library.api';

// The limits record is read on header load and every 60 s after.
const LIMITS_POLL_MS = 60_000;
export const PRO_STATUS_KEY = 'pro-status';
const CHANNEL = 'promptlib-subscription';
// A change seen within this long of an announcement of the same tier is that same change.
const SAME_CHANGE_MS = LIMITS_POLL_MS * 2;

type SubscriptionChange = { isPro: boolean; timestamp: number };
// A channel also delivers to the other channels of the sending tab: each message names its tab,
// so a tab never takes its own news for another's.
type TabMessage = SubscriptionChange & { tab: string };
const THIS_TAB = Math.random().toString(36).slice(2);
// The change this tab announced last, by its watcher or by a page that learned it first (a paid
// checkout, a cancel): the watcher, reading it later from the server, does not announce it again.
let announcedHere: SubscriptionChange | null = null;
// The change another tab of this browser announced last, as the live feed asks of it.
let heardFromOtherTab: SubscriptionChange | null = null;
// When this browser last opened a checkout (any tab: local storage), and how long that counts.
const CHECKOUT_STARTED_KEY = 'checkout-started-at';
const CHECKOUT_COUNTS_MS = 30 * 60_000;
// How long a browser that paid itself waits for its own checkout tab's word before the feed's. The
// checkout tab speaks once its success page has loaded and confirmed the session, which took over
// 5 s on a loaded machine (and can on a phone): the other tabs then read the change themselves
// and said 'Upgraded to Pro!', the checkout tab's 'Pro Subscription Activated' coming too late.
export const OWN_WORD_WAIT_MS = 15_000;
const OWN_WORD_POLL_MS = 100;

/**
 * Watches the user's tier: the first answer is only a baseline; a later change to or from Pro is
 * announced, all cached data is refreshed, the local pro-status hint is updated and other tabs are
 * told. A tab told by another shows that tab's notice alone: the change it then reads itself is
 * the same one, and is neither announced nor passed on again. The limits from the server stay the
 * truth; the hint is for instant feedback.
 */
export function useTierWatcher(): void {
  const { t } = useTranslation();
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const { data } = useGetLimitsQuery(undefined, { pollingInterval: LIMITS_POLL_MS });
  const known = useRef<boolean | null>(null);
  // The change another tab announced last: with the one this tab did, each change is announced
  // once in every tab, whichever tab saw it first.
  const announcedElsewhere = useRef<SubscriptionChange | null>(null);
  const isPro = data?.isPro;

  // Every answer of the server rewrites the hint, even one with the same tier: another tab may
  // have set it ahead of the server (a cancel keeps Pro until the period ends).
  useEffect(() => {
    if (data) window.localStorage.setItem(PRO_STATUS_KEY, String(data.isPro));
  }, [data]);

  useEffect(() => {
    if (isPro === undefined) return;
    const previous = known.current;
    known.current = isPro;
    if (previous === null || previous === isPro) return;
    const elsewhere = announcedElsewhere.current;
    announcedElsewhere.current = null;
    if (isRecent(elsewhere, isPro) || isRecent(announcedHere, isPro)) return;
    if (isPro)
      notify({
        title: t('billing.upgraded.title'),
        description: t('billing.upgraded.description'),
        variant: 'success',
      });
    else
      notify({
        title: t('billing.ended.title'),
        description: t('billing.ended.description'),
        variant: 'error',
      });
    dispatch(baseApi.util.invalidateTags(['User', 'Limits', 'Prompts', 'Categories']));
    announceToOtherTabs(isPro);
  }, [isPro, notify, t, dispatch]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      if (event.data.tab === THIS_TAB) return;
      if (isRecent(announcedHere, event.data.isPro)) return;
      // A checkout's page checked again (reloaded, say) announces Pro to tabs that have it already.
      if (event.data.isPro && known.current === true) return;
      announcedElsewhere.current = event.data;
      heardFromOtherTab = event.data;
      const key = event.data.isPro ? 'billing.otherTab.activated' : 'billing.otherTab.changed';
      notify({ title: t(`${key}.title`), description: t(`${key}.description`), variant: 'info' });
      dispatch(baseApi.util.invalidateTags(['User', 'Limits', 'Prompts', 'Categories']));
    };
    return () => channel.close();
  }, [notify, t, dispatch]);
}

/**
 * Tells the other tabs of a change to or from Pro that this tab learned (they show SPEC's 'Pro
 * Subscription Activated' or 'Subscription Status Changed' and read everything again), and keeps
 * this tab's watcher from announcing it a second time when its own poll reads it.
 */
export function announceToOtherTabs(isPro: boolean): void {
  announcedHere = { isPro, timestamp: Date.now() };
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ ...announcedHere, tab: THIS_TAB } satisfies TabMessage);
  channel.close();
}

/** Whether `change` announced this same tier lately (so it is the change at hand, not an older one). */
function isRecent(change: SubscriptionChange | null, isPro: boolean): boolean {
  return change !== null && change.isPro === isPro && Date.now() - change.timestamp < SAME_CHANGE_MS;
}

/** The plans page opened a checkout: the live feed's word of it waits for the checkout tab's. */
export function noteCheckoutStarted(): void {
  window.localStorage.setItem(CHECKOUT_STARTED_KEY, String(Date.now()));
}

/** What the live feed says of a tier change, and a read of the limits as the server has them now. */
export type TierChange = { isPro: boolean; isCancelled: boolean };
type ReadLimits = () => Promise<{ isPro: boolean; subscription: { isCancelled: boolean } } | undefined>;

// The library applies a tier change from the same stream as the feed, a moment later at most:
// the limits are read until they show it, for this long.
export const LIMITS_CATCH_UP_MS = 5_000;
const LIMITS_RETRY_MS = 400;

/**
 * The live feed says the tier changed (paid, cancelled, resumed or ended on some device). A change
 * this browser made or was told of by its own tabs is already shown, with SPEC's notices: nothing
 * more. Where this browser opened a checkout lately, its checkout tab's word comes soon and says
 * 'Pro Subscription Activated'; it is waited for a few seconds. Otherwise the limits are read again
 * until they show the change, and the watcher says 'Upgraded to Pro!' (or 'Subscription ended') once.
 */
export async function tierChangedElsewhere(change: TierChange, readLimits: ReadLimits): Promise<void> {
  const startedAt = Number(window.localStorage.getItem(CHECKOUT_STARTED_KEY));
  const ownCheckout = change.isPro && Date.now() - startedAt < CHECKOUT_COUNTS_MS;
  const deadline = Date.now() + (ownCheckout ? OWN_WORD_WAIT_MS : 0);
  for (;;) {
    if (isRecentAny(announcedHere) || isRecentAny(heardFromOtherTab)) return;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, OWN_WORD_POLL_MS));
  }
  const giveUpAt = Date.now() + LIMITS_CATCH_UP_MS;
  for (;;) {
    const limits = await readLimits();
    const shows = limits?.isPro === change.isPro && limits.subscription.isCancelled === change.isCancelled;
    if (shows || Date.now() >= giveUpAt) return;
    await new Promise((resolve) => setTimeout(resolve, LIMITS_RETRY_MS));
  }
}

function isRecentAny(change: SubscriptionChange | null): boolean {
  return change !== null && Date.now() - change.timestamp < SAME_CHANGE_MS;
}
