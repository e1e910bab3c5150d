import { DATA_SOURCE, createLogger } from '@promptlib/platform';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { BILLING_DATA, type BillingData } from '../src/billing-data';
import type { BillingConfig } from '../src/config/billing-config';
import { billingService } from '../src/service';
import type { StripeApi } from '../src/stripe/stripe-api';
import { SubscriptionMirror } from '../src/subscriptions/subscription-mirror';
import { TierLedger } from '../src/tiers/tier-ledger';
import { APPLIED_EVENT_TYPES } from '../src/webhooks/event-target';
import { StripeEventProcessor } from '../src/webhooks/stripe-event-processor';
import { subscriptionEventOf } from './fakes/stripe-events';

/**
 * The worker's logic against every delivery order, fast: the real processor, ledger and mirror on
 * the service's own database, with Stripe answered in-process (what it holds for the subscription
 * once the events are out), so each of the 720 orders costs a few milliseconds.
 */
describe('every order of the six event types for one subscription', () => {
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

  // How the subscription stands at Stripe once the events are out, and the tier that follows.
  const ENDINGS = [
    { status: 'active', cancelAtPeriodEnd: false, tier: { is_pro: true, is_cancelled: false } },
    { status: 'active', cancelAtPeriodEnd: true, tier: { is_pro: true, is_cancelled: true } },
    { status: 'past_due', cancelAtPeriodEnd: false, tier: { is_pro: true, is_cancelled: false } },
    { status: 'canceled', cancelAtPeriodEnd: false, tier: { is_pro: false, is_cancelled: false } },
  ];

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, i) =>
      permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
    );
  }

  it('ends in the tier of Stripe’s state, each event applied once, in all 720', async () => {
    const orders = permutations(APPLIED_EVENT_TYPES.map((type, index) => ({ type, index })));
    expect(orders).toHaveLength(720);
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    // Stripe as the worker reads it: the subscription's state now (each event's own copy is older).
    const stripeNow = {
      retrieveSubscription: async (id: string) => {
        const n = Number(id.split('_').pop());
        const ending = ENDINGS[n % ENDINGS.length];
        return {
          id,
          object: 'subscription',
          customer: `cus_order_${n}`,
          status: ending.status,
          cancel_at: null,
          cancel_at_period_end: ending.cancelAtPeriodEnd,
          ended_at: ending.status === 'canceled' ? periodEnd - 86_400 : null,
          items: { data: [{ current_period_end: periodEnd, price: { id: 'price_pro_monthly' } }] },
        } as unknown as Stripe.Subscription;
      },
    } as unknown as StripeApi;
    const dataSource = testbed.app.get<DataSource>(DATA_SOURCE);
    const data = testbed.app.get<BillingData>(BILLING_DATA);
    const processor = new StripeEventProcessor(
      data,
      new SubscriptionMirror(stripeNow, createLogger('orders', 'silent')),
      new TierLedger(data),
    );

    const userIdOf = (n: number) => 200_000 + n;
    let next = 0;
    const runOrder = async (n: number) => {
      const userId = userIdOf(n);
      const ids = { subscription: `sub_order_${n}`, customer: `cus_order_${n}`, session: `cs_order_${n}` };
      const events = orders[n].map(({ type, index }) => subscriptionEventOf(type, ids, index));
      await dataSource.query(
        `WITH customer AS (
           INSERT INTO billing.customers (user_id, stripe_customer_id) VALUES ($1, $2)),
         checkout AS (
           INSERT INTO billing.checkout_sessions (id, user_id, price_id) VALUES ($3, $1, 'price_pro_monthly'))
         INSERT INTO billing.stripe_events (id, type, payload)
         SELECT * FROM unnest($4::text[], $5::text[], $6::jsonb[])`,
        [
          userId,
          `cus_order_${n}`,
          `cs_order_${n}`,
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
    const outcomes: string[][] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < orders.length) {
          const n = next++;
          outcomes[n] = await runOrder(n);
        }
      }),
    );

    for (const result of outcomes) {
      expect(result).toEqual([...Array(6).fill('applied'), ...Array(6).fill('already-applied')]);
    }
    const tiers = await dataSource.query<
      { user_id: number; is_pro: boolean; is_cancelled: boolean; version: number }[]
    >(
      'SELECT user_id, is_pro, is_cancelled, version FROM billing.user_tiers WHERE user_id >= $1 ORDER BY user_id',
      [userIdOf(0)],
    );
    expect(tiers).toHaveLength(720);
    for (const tier of tiers) {
      const ending = ENDINGS[(tier.user_id - userIdOf(0)) % ENDINGS.length];
      expect({ is_pro: tier.is_pro, is_cancelled: tier.is_cancelled }).toEqual(ending.tier);
      // One change at most: from free to the final tier, announced once.
      expect(tier.version).toBe(ending.tier.is_pro ? 1 : 0);
    }
  }, 360_000);
});
