import { DATA_SOURCE, createLogger } from '@promptlib/platform';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import type { DataSource } from 'typeorm';
import { BILLING_DATA, type BillingData } from '../src/billing-data';
import type { BillingConfig } from '../src/config/billing-config';
import { billingService } from '../src/service';
import { SubscriptionMirror } from '../src/subscriptions/subscription-mirror';
import { TierLedger } from '../src/tiers/tier-ledger';
import { StripeEventProcessor } from '../src/webhooks/stripe-event-processor';
import {
  ENDINGS,
  ORDERS,
  OUTCOMES_OF_AN_ORDER,
  eventsOfOrder,
  orderOfUser,
  orderSubject,
  stripeAfterTheEvents,
} from './fakes/subscription-orders';

// Every 15th order: each ending (15 ≡ 3 mod 4) and each first event type (120 orders apiece) comes
// eight times. All 720 run against the in-memory repositories in the unit spec
// (src/webhooks/stripe-event-orderings.spec.ts); here the same rules meet Postgres's, eight orders
// at a time (720 took 10 s alone and 57 s beside npm test's other lanes).
const SAMPLE = ORDERS.map((_, n) => n).filter((n) => n % 15 === 0);

/**
 * The worker's logic against delivery orders on the service's own database: the real processor,
 * ledger and mirror, with Stripe answered in-process (what it holds for the subscription once the
 * events are out), so each order costs a few milliseconds.
 */
describe('orders of the six event types for one subscription, on Postgres', () => {
  let testbed: ServiceTestbed<BillingConfig>;

  beforeAll(async () => {
    testbed = await startServiceTestbed({
      ...billingService,
      suffix: 'billorder',
      env: {
        STRIPE_SECRET_KEY: 'sk_test_orders',
        STRIPE_WEBHOOK_SECRET: 'whsec_orders',
        // Nothing answers here: only the processor built below reads "Stripe".
        STRIPE_API_URL: 'http://127.0.0.1:9',
        // The service's own sweep must not apply these events before the test does.
        BILLING_SWEEP_INTERVAL_MS: '600000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await testbed?.close();
  });

  it(`ends in the tier of Stripe’s state, each event applied once, in ${SAMPLE.length} of the 720`, async () => {
    expect(SAMPLE).toHaveLength(48);
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    const dataSource = testbed.app.get<DataSource>(DATA_SOURCE);
    const data = testbed.app.get<BillingData>(BILLING_DATA);
    const processor = new StripeEventProcessor(
      data,
      new SubscriptionMirror(stripeAfterTheEvents(periodEnd), createLogger('orders', 'silent')),
      new TierLedger(data),
    );

    const runOrder = async (n: number) => {
      const { userId, ids } = orderSubject(n);
      const events = eventsOfOrder(n);
      await dataSource.query(
        `WITH customer AS (
           INSERT INTO billing.customers (user_id, stripe_customer_id) VALUES ($1, $2)),
         checkout AS (
           INSERT INTO billing.checkout_sessions (id, user_id, price_id) VALUES ($3, $1, 'price_pro_monthly'))
         INSERT INTO billing.stripe_events (id, type, payload)
         SELECT * FROM unnest($4::text[], $5::text[], $6::jsonb[])`,
        [
          userId,
          ids.customer,
          ids.session,
          events.map((event) => event.id),
          events.map((event) => event.type),
          events.map((event) => JSON.stringify(event)),
        ],
      );
      const outcomes = [];
      for (const event of events) outcomes.push(await processor.apply(event.id));
      // Twice over, as redelivery would: nothing more happens.
      for (const event of events) outcomes.push(await processor.apply(event.id));
      return outcomes;
    };
    const outcomes = new Map<number, string[]>();
    const queue = [...SAMPLE];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) outcomes.set(n, await runOrder(n));
      }),
    );

    for (const n of SAMPLE) expect(outcomes.get(n), `order ${n}`).toEqual(OUTCOMES_OF_AN_ORDER);
    const tiers = await dataSource.query<
      { user_id: number; is_pro: boolean; is_cancelled: boolean; version: number }[]
    >(
      'SELECT user_id, is_pro, is_cancelled, version FROM billing.user_tiers WHERE user_id >= $1 ORDER BY user_id',
      [orderSubject(0).userId],
    );
    expect(tiers.map((tier) => orderOfUser(tier.user_id))).toEqual(SAMPLE);
    for (const tier of tiers) {
      const ending = ENDINGS[orderOfUser(tier.user_id) % ENDINGS.length]!;
      expect({ isPro: tier.is_pro, isCancelled: tier.is_cancelled }).toEqual(ending.tier);
      // One change at most: from free to the final tier, announced once.
      expect(tier.version).toBe(ending.tier.isPro ? 1 : 0);
    }
  }, 360_000);
});
