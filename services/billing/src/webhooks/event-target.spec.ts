import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { targetOf } from './event-target';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

describe('what a Stripe event is about', () => {
  it('finds the subscription and the checkout of a completed checkout', () => {
    expect(
      targetOf(event('checkout.session.completed', { id: 'cs_1', subscription: 'sub_1', customer: 'cus_1' })),
    ).toEqual({ subscriptionId: 'sub_1', customerId: 'cus_1', checkoutSessionId: 'cs_1' });
  });

  it('finds the subscription of a subscription event, expanded customer or not', () => {
    for (const type of ['created', 'updated', 'deleted']) {
      expect(
        targetOf(event(`customer.subscription.${type}`, { id: 'sub_2', customer: { id: 'cus_2' } })),
      ).toEqual({ subscriptionId: 'sub_2', customerId: 'cus_2', checkoutSessionId: null });
    }
  });

  it('finds an invoice’s subscription where this API version puts it', () => {
    const invoice = {
      id: 'in_1',
      customer: 'cus_3',
      parent: { subscription_details: { subscription: 'sub_3' } },
    };
    for (const type of ['invoice.paid', 'invoice.payment_failed']) {
      expect(targetOf(event(type, invoice))).toEqual({
        subscriptionId: 'sub_3',
        customerId: 'cus_3',
        checkoutSessionId: null,
      });
    }
  });

  it('finds nothing in an event about no subscription, or of another kind', () => {
    expect(targetOf(event('checkout.session.completed', { id: 'cs_2', subscription: null }))).toBeNull();
    expect(targetOf(event('invoice.paid', { id: 'in_2', parent: null }))).toBeNull();
    expect(targetOf(event('customer.created', { id: 'cus_4' }))).toBeNull();
  });
});
