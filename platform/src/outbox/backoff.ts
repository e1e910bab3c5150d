/**
 * Delay before retry number `attempt` (1-based): doubling from `firstMs` up to `maxMs`, so a blip
 * heals quickly and a long outage costs one attempt per `maxMs`.
 */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
