import type Stripe from 'stripe';
import { missing } from './api-error';
import type { CheckoutSessions } from './checkout-sessions';
import type { Customers } from './customers';
import type { FormFields } from './form-body';
import type { Route } from './router';
import type { InvoicePayments } from './invoice-payments';
import type { Subscriptions } from './subscriptions';

type Objects = {
  customers: Customers;
  prices: ReadonlyMap<string, Stripe.Price>;
  checkouts: CheckoutSessions;
  subscriptions: Subscriptions;
  invoices: InvoicePayments;
};

/** The part of Stripe's API the sandbox answers, at Stripe's paths. */
export function apiRoutes({
  customers,
  prices,
  checkouts,
  subscriptions,
  invoices,
}: Objects): Route<FormFields>[] {
  return [
    // Always with its payments, whether or not `expand[]=payments` asked for them.
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, answer: ([id]) => invoices.retrieve(id) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, answer: (_, form) => invoices.refund(form) },
    { method: 'POST', pattern: /^\/v1\/customers$/, answer: (_, form) => customers.create(form) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, answer: ([id]) => customers.retrieve(id) },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      answer: ([id]) => {
        const price = prices.get(id);
        if (!price) throw missing('price', id);
        return price;
      },
    },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, answer: (_, form) => checkouts.create(form) },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      answer: ([id]) => checkouts.retrieve(id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      answer: ([id]) => checkouts.expire(id),
    },
    { method: 'GET', pattern: /^\/v1\/subscriptions$/, answer: (_, form) => subscriptions.list(form) },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id]) => subscriptions.retrieve(id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id], form) => subscriptions.update(id, form),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id]) => subscriptions.cancel(id),
    },
  ];
}
