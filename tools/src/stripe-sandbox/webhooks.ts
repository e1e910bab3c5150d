import { createHmac } from 'node:crypto';
import type { SandboxEvent } from './events';
import { nowSeconds } from './ids';

export type WebhookOptions = {
  /** Where events are POSTed; without one they are only recorded. */
  endpoint?: string;
  /** The endpoint's signing secret (`whsec_…`), which billing verifies with. */
  secret: string;
  /** The first retry's wait; each next one doubles, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
};

/** One event on its way to the endpoint: how often it was tried, and how it last went. */
export type Delivery = {
  event: SandboxEvent;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
};

/** `Stripe-Signature` as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function stripeSignature(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Sends each event to the endpoint as Stripe does: a JSON POST signed with the endpoint's secret,
 * tried again with a doubling wait for as long as the endpoint answers anything but a 2xx.
 */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {}

  send(event: SandboxEvent): Delivery {
    const delivery: Delivery = { event, attempts: 0, delivered: false, lastStatus: null };
    this.deliveries.push(delivery);
    void this.attempt(delivery);
    return delivery;
  }

  /** Stops every retry still waiting; deliveries in flight finish. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const { endpoint, secret } = this.options;
    if (!endpoint || this.closed) return;
    delivery.attempts += 1;
    const payload = JSON.stringify(delivery.event, null, 2);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': stripeSignature(payload, secret),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      delivery.lastStatus = response.status;
      delivery.delivered = response.ok;
    } catch {
      delivery.lastStatus = null;
    }
    if (!delivery.delivered) this.retryLater(delivery);
  }

  private retryLater(delivery: Delivery): void {
    if (this.closed) return;
    const base = this.options.retryBaseMs ?? 5_000;
    const wait = Math.min(base * 2 ** (delivery.attempts - 1), this.options.retryMaxMs ?? 3_600_000);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }
}
