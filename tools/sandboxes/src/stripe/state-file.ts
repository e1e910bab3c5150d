import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type Stripe from 'stripe';

/** What the sandbox keeps across restarts: its objects (not its events, nor a period end still waiting). */
export type SandboxState = {
  customers: Stripe.Customer[];
  subscriptions: Stripe.Subscription[];
  checkouts: { session: Stripe.Checkout.Session; priceId: string; quantity: number }[];
};

export function loadState(path: string): SandboxState | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as SandboxState;
  } catch (error) {
    throw new Error(`The Stripe sandbox's state file ${path} cannot be read: ${(error as Error).message}`);
  }
}

/** Written beside and renamed into place, so a crash mid-write leaves the previous state whole. */
export function saveState(path: string, state: SandboxState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, path);
}
