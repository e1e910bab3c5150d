import { describe, expect, it } from 'vitest';
import { inMemoryBilling, silentLogger } from '../../test/fakes/in-memory-billing';
import {
  ENDINGS,
  ORDERS,
  OUTCOMES_OF_AN_ORDER,
  eventsOfOrder,
  orderSubject,
  stripeAfterTheEvents,
} from '../../test/fakes/subscription-orders';
import { SubscriptionMirror } from '../subscriptions/subscription-mirror';
import { TierLedger } from '../tiers/tier-ledger';
import { StripeEventProcessor } from './stripe-event-processor';

// The same rules on Postgres, for a sample of these orders: test/stripe-event-orderings.int-spec.ts.
describe('every order of the six event types for one subscription', () => {
  it('ends in the tier of Stripe’s state, each event applied once, in all 720', async () => {
    expect(ORDERS).toHaveLength(720);
    const stripe = stripeAfterTheEvents(Math.floor(Date.now() / 1000) + 20 * 86_400);

    for (let n = 0; n < ORDERS.length; n++) {
      // Tables of its own for each order (they share nothing): the in-memory unit of work copies
      // every table at each transaction, so 720 orders in one would take minutes.
      const billing = inMemoryBilling();
      const processor = new StripeEventProcessor(
        billing,
        new SubscriptionMirror(stripe, silentLogger),
        new TierLedger(billing),
      );
      const { userId, ids } = orderSubject(n);
      await billing.direct.customers.insert(userId, ids.customer);
      await billing.direct.checkouts.insert({ id: ids.session, userId, priceId: 'price_pro_monthly' });
      const events = eventsOfOrder(n);
      for (const event of events) await billing.direct.stripeEvents.store(event);

      const outcomes = [];
      for (const event of events) outcomes.push(await processor.apply(event.id));
      // Twice over, as redelivery would: nothing more happens.
      for (const event of events) outcomes.push(await processor.apply(event.id));

      expect(outcomes, `order ${n}`).toEqual(OUTCOMES_OF_AN_ORDER);
      const ending = ENDINGS[n % ENDINGS.length]!;
      // One change at most: from free to the final tier, announced once.
      expect(billing.tables.tiers, `order ${n}`).toMatchObject([
        { userId, ...ending.tier, version: ending.tier.isPro ? 1 : 0 },
      ]);
    }
  });
});
