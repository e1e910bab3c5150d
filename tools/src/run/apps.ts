/**
 * A process `npm start` runs. `stripe`: it talks to Stripe, so it alone gets the Stripe key, API
 * address and webhook secret (every app gets the price ids).
 */
export type AppSpec = { name: string; entry: string; stripe?: true };

/** The process list, in start order: services first, so the gateway finds them answering. */
export const apps: AppSpec[] = [
  { name: 'auth', entry: 'services/auth/dist/main.js' },
  { name: 'library', entry: 'services/library/dist/main.js' },
  { name: 'sharing', entry: 'services/sharing/dist/main.js' },
  { name: 'billing', entry: 'services/billing/dist/main.js', stripe: true },
  { name: 'gateway', entry: 'gateway/dist/main.js' },
];
