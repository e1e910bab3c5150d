import type Stripe from 'stripe';
import { invalidParameter, missing, missingParameter } from './api-error';
import type { FormFields } from './form-body';
import { newId, nowSeconds } from './ids';
import { optionalText } from './params';

/**
 * The invoices the sandbox's subscriptions were billed, each paid one with its payment (a payment
 * intent), and the refunds made of those payments: what a client needs to give a payment back.
 */
export class InvoicePayments {
  private readonly invoices = new Map<string, Stripe.Invoice>();
  readonly refunds: Stripe.Refund[] = [];

  /** Keeps the invoice; a paid one gets its payment (Stripe lists it under `payments`). */
  record(invoice: Stripe.Invoice): Stripe.Invoice {
    if (invoice.status === 'paid') {
      const payment = {
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_paid,
        amount_requested: invoice.amount_due,
        created: invoice.created,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: newId('pi') },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: invoice.created },
      } satisfies Stripe.InvoicePayment;
      invoice.payments = { object: 'list', data: [payment], has_more: false, url: '/v1/invoice_payments' };
    }
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  retrieve(id: string): Stripe.Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw missing('invoice', id);
    return invoice;
  }

  /** Gives a paid invoice's payment back, whole; a payment is refunded once. */
  refund(params: FormFields): Stripe.Refund {
    const paymentIntent = optionalText(params, 'payment_intent');
    if (!paymentIntent) throw missingParameter('payment_intent');
    const payment = [...this.invoices.values()]
      .flatMap((invoice) => invoice.payments?.data ?? [])
      .find((candidate) => candidate.payment.payment_intent === paymentIntent);
    if (!payment) throw missing('payment_intent', paymentIntent, 'payment_intent');
    if (this.refunds.some((refund) => refund.payment_intent === paymentIntent)) {
      throw invalidParameter('payment_intent', `Charge for ${paymentIntent} has already been refunded.`);
    }
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount: payment.amount_paid ?? 0,
      balance_transaction: null,
      charge: null,
      created: nowSeconds(),
      currency: payment.currency,
      customer: null,
      customer_account: null,
      metadata: {},
      payment_intent: paymentIntent,
      payment_method: null,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    } satisfies Stripe.Refund;
    this.refunds.push(refund);
    return refund;
  }
}
