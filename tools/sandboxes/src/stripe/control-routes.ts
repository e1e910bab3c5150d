import { StripeApiError, missing } from './api-error';
import type { PaymentOutcomes } from './payments';
import type { Route } from './router';
import type { InvoicePayments } from './invoice-payments';
import type { Subscriptions } from './subscriptions';
import type { Delivery, EventRule, WebhookSender } from './webhooks';

type Controlled = {
  webhooks: WebhookSender;
  payments: PaymentOutcomes;
  subscriptions: Subscriptions;
  apiCalls: ReadonlyMap<string, number>;
  invoices: InvoicePayments;
};

const EVENT_RULES: readonly EventRule[] = ['duplicate', 'reorder', 'hold', 'suppress'];

/**
 * The test controls, JSON in and out, with the same key as the API:
 *   POST /_sandbox/events/rules {"rules": ["duplicate"|"reorder"|"hold"|"suppress", …]}  the next events
 *   POST /_sandbox/events/release                       sends the events held until released
 *   POST /_sandbox/events/<evt_…>/replay                sends an event made earlier again
 *   GET  /_sandbox/events                               every delivery so far
 *   GET  /_sandbox/api-calls                            the API calls answered so far, by method and path
 *   GET  /_sandbox/refunds                              every refund made so far
 *   POST /_sandbox/payments/fail-next                   the next payment is declined
 *   POST /_sandbox/subscriptions/<sub_…>/end-period {"inSeconds": n}
 */
export function controlRoutes({
  webhooks,
  payments,
  subscriptions,
  apiCalls,
  invoices,
}: Controlled): Route<Record<string, unknown>>[] {
  return [
    { method: 'GET', pattern: /^\/_sandbox\/refunds$/, answer: () => ({ refunds: invoices.refunds }) },
    {
      method: 'GET',
      pattern: /^\/_sandbox\/api-calls$/,
      answer: () => ({ calls: Object.fromEntries(apiCalls) }),
    },
    {
      method: 'GET',
      pattern: /^\/_sandbox\/events$/,
      answer: () => ({ deliveries: webhooks.deliveries.map(summary) }),
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/events\/rules$/,
      answer: (_, { rules }) => {
        if (!Array.isArray(rules) || !rules.every((rule) => EVENT_RULES.includes(rule as EventRule))) {
          throw invalidControl(`rules: a list of ${EVENT_RULES.join(', ')}`);
        }
        for (const rule of rules as EventRule[]) webhooks.addRule(rule);
        return { rules };
      },
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/events\/release$/,
      answer: () => ({ released: webhooks.release() }),
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/events\/([^/]+)\/replay$/,
      answer: ([id]) => {
        const delivery = webhooks.replay(id);
        if (!delivery) throw missing('event', id);
        return summary(delivery);
      },
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/payments\/fail-next$/,
      answer: () => {
        payments.failNext();
        return { failNext: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/_sandbox\/subscriptions\/([^/]+)\/end-period$/,
      answer: ([id], { inSeconds }) => {
        if (typeof inSeconds !== 'number' || !Number.isFinite(inSeconds) || inSeconds < 0) {
          throw invalidControl('inSeconds: a number of seconds, 0 or more');
        }
        return subscriptions.endPeriodIn(id, inSeconds);
      },
    },
  ];
}

function invalidControl(message: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message);
}

function summary(delivery: Delivery) {
  const { event, state, attempts, delivered, lastStatus } = delivery;
  return { id: event.id, type: event.type, state, attempts, delivered, lastStatus };
}
