/**
 * A process `npm start` runs. `stripe`: it talks to Stripe, so it alone gets the Stripe key, API
 * address and webhook secret (every app gets the price ids).
 */
export type AppSpec = { name: string; entry: string; stripe?: true };

/** The process list: services first, so the gateway finds them answering. */
export const apps: AppSpec[] = [
  { name: 'auth', entry: 'services/auth/dist/main.js' },
  { name: 'library', entry: 'services/library/dist/main.js' },
  { name: 'sharing', entry: 'services/sharing/dist/main.js' },
  { name: 'billing', entry: 'services/billing/dist/main.js', stripe: true },
  { name: 'gateway', entry: 'gateway/dist/main.js' },
];

/** The apps in the order they start: the services together, then the gateway once they answer. */
export function startWaves(specs: AppSpec[]): AppSpec[][] {
  const gateways = specs.filter((spec) => spec.name === 'gateway');
  const services = specs.filter((spec) => spec.name !== 'gateway');
  return [services, gateways].filter((wave) => wave.length > 0);
}

/**
 * Who the app is to NATS when the server is one this machine started: the NATS user named after
 * it (deploy/nats/nats-server.conf), with only that process's permissions. NATS_USER and
 * NATS_PASSWORD already in the environment win.
 */
export function natsUserEnv(
  name: string,
  passwords: Record<string, string> | undefined,
): Record<string, string> {
  if (!passwords?.[name] || process.env.NATS_USER || process.env.NATS_CREDS_FILE) return {};
  return { NATS_USER: name, NATS_PASSWORD: passwords[name] };
}
