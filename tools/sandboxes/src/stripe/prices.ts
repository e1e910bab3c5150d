import type Stripe from 'stripe';

const CREATED = Date.UTC(2026, 0, 1) / 1000;

/** The two plans of Pro, with the ids the gateway names by default. */
export const SANDBOX_PRICES: readonly Stripe.Price[] = [
  plan('price_pro_monthly', 199, 'month', 'Pro monthly'),
  plan('price_pro_annual', 2000, 'year', 'Pro annual'),
];

function plan(id: string, cents: number, interval: 'month' | 'year', nickname: string): Stripe.Price {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: CREATED,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname,
    product: 'prod_promptlib_pro',
    recurring: { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: cents,
    // A decimal string on the wire, which this SDK turns into its Decimal class; left out here.
    unit_amount_decimal: null,
  } satisfies Stripe.Price;
}
