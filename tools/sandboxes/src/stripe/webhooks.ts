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

/**
 * One sending of an event: how often it was tried and how it last went; `held` until released,
 * `suppressed` never sent. A duplicate or a replay is a delivery of its own, of the same event.
 */
export type Delivery = {
  event: SandboxEvent;
  state: 'sending' | 'held' | 'suppressed';
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
};

/**
 * What happens to the next event made, for tests of a webhook consumer: sent twice; held until the
 * event after it has been sent (so the two arrive in the other order); held until released;
 * never sent.
 */
export type EventRule = 'duplicate' | 'reorder' | 'hold' | 'suppress';

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
  private readonly rules: EventRule[] = [];
  private readonly heldUntilNext: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {}

  /** Applies `rule` to the next event made (each rule to one event, in the order given). */
  addRule(rule: EventRule): void {
    this.rules.push(rule);
  }

  send(event: SandboxEvent): void {
    const rule = this.rules.shift();
    if (rule === 'suppress') return void this.record(event, 'suppressed');
    if (rule === 'hold') return void this.record(event, 'held');
    if (rule === 'reorder') return void this.heldUntilNext.push(this.record(event, 'held'));
    const waiting = this.heldUntilNext.splice(0);
    this.dispatch(this.record(event, 'sending'));
    if (rule === 'duplicate') this.dispatch(this.record(event, 'sending'));
    for (const delivery of waiting) this.dispatch(delivery);
  }

  /** Sends every event held until released. */
  release(): number {
    const held = this.deliveries.filter(
      (delivery) => delivery.state === 'held' && !this.heldUntilNext.includes(delivery),
    );
    for (const delivery of held) this.dispatch(delivery);
    return held.length;
  }

  /** Sends an event made earlier once more, as Stripe's "resend" does: the same event, id and all. */
  replay(eventId: string): Delivery | undefined {
    const earlier = this.deliveries.find((delivery) => delivery.event.id === eventId);
    if (!earlier) return undefined;
    const delivery = this.record(earlier.event, 'sending');
    this.dispatch(delivery);
    return delivery;
  }

  private record(event: SandboxEvent, state: Delivery['state']): Delivery {
    const delivery: Delivery = { event, state, attempts: 0, delivered: false, lastStatus: null };
    this.deliveries.push(delivery);
    return delivery;
  }

  private dispatch(delivery: Delivery): void {
    delivery.state = 'sending';
    void this.attempt(delivery);
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
