/**
 * What the plans cost, in US dollars, as the plans page states them. Checkout charges the Stripe
 * prices the server is configured with (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL), which must match.
 */
export const PLAN_DOLLARS = { monthly: 1.99, annual: 20 } as const;

const TWELVE_MONTHS = PLAN_DOLLARS.monthly * 12;

/** What the annual plan saves against twelve monthly payments ($3.88), and as a share of them (16%). */
export const ANNUAL_SAVING = {
  dollars: Math.round((TWELVE_MONTHS - PLAN_DOLLARS.annual) * 100) / 100,
  share: (TWELVE_MONTHS - PLAN_DOLLARS.annual) / TWELVE_MONTHS,
};
