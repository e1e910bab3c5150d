import type Stripe from 'stripe';

/** Stripe statuses in which a subscription grants Pro (past_due: Stripe is still retrying the card). */
const PRO_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Statuses a subscription never leaves: nothing more to read from Stripe. */
export const FINAL_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** What billing keeps of a Stripe subscription. */
export type SubscriptionState = {
  status: string;
  currentPeriodEnd: Date;
  /** When a cancelled subscription stops; null while it renews. */
  endsAt: Date | null;
  endedAt: Date | null;
};

export type Tier = { isPro: boolean; isCancelled: boolean; endsAt: Date | null };

export const FREE: Tier = { isPro: false, isCancelled: false, endsAt: null };

/** The mirror of a subscription as Stripe describes it (its period end is on its items in this API version). */
export function stateOf(subscription: Stripe.Subscription): SubscriptionState & { priceId: string } {
  const items = subscription.items.data;
  const currentPeriodEnd = Math.max(...items.map((item) => item.current_period_end));
  const endsAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? currentPeriodEnd : null);
  return {
    status: subscription.status,
    priceId: items[0]?.price.id ?? '',
    currentPeriodEnd: fromSeconds(currentPeriodEnd),
    endsAt: endsAt === null ? null : fromSeconds(endsAt),
    endedAt: subscription.ended_at === null ? null : fromSeconds(subscription.ended_at),
  };
}

/** True while the subscription grants Pro: a cancelled one until its end date, not a moment longer. */
export function grantsPro(subscription: SubscriptionState, now: Date): boolean {
  if (!PRO_STATUSES.has(subscription.status)) return false;
  return subscription.endsAt === null || subscription.endsAt > now;
}

/**
 * The user's tier from all their subscriptions: Pro while one grants it; cancelled only when none
 * of those renews, ending with the last of them.
 */
export function tierOf(subscriptions: SubscriptionState[], now: Date): Tier {
  const granting = subscriptions.filter((subscription) => grantsPro(subscription, now));
  if (granting.length === 0) return FREE;
  if (granting.some((subscription) => subscription.endsAt === null)) {
    return { isPro: true, isCancelled: false, endsAt: null };
  }
  const last = Math.max(...granting.map((subscription) => subscription.endsAt!.getTime()));
  return { isPro: true, isCancelled: true, endsAt: new Date(last) };
}

export function sameTier(a: Tier, b: Tier): boolean {
  return (
    a.isPro === b.isPro && a.isCancelled === b.isCancelled && a.endsAt?.getTime() === b.endsAt?.getTime()
  );
}

/** Whether two readings of a subscription differ in anything billing keeps. */
export function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  return (
    a.status === b.status &&
    a.currentPeriodEnd.getTime() === b.currentPeriodEnd.getTime() &&
    a.endsAt?.getTime() === b.endsAt?.getTime() &&
    a.endedAt?.getTime() === b.endedAt?.getTime()
  );
}

function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** The id of a Stripe reference, which the API gives as an id or as the expanded object. */
export function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

/**
 * The price of the subscription the user's Pro comes from: one that renews before one that ends,
 * and of those that end the last; null while none grants Pro.
 */
export function runningPriceOf(
  subscriptions: (SubscriptionState & { priceId: string })[],
  now: Date,
): string | null {
  const granting = subscriptions.filter((subscription) => grantsPro(subscription, now));
  const renewing = granting.find((subscription) => subscription.endsAt === null);
  if (renewing) return renewing.priceId;
  const [last] = granting.sort((a, b) => b.endsAt!.getTime() - a.endsAt!.getTime());
  return last?.priceId ?? null;
}
