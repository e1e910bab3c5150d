import { StripeApiError } from './api-error';

/** Whether the next payment (a checkout paid, a period renewed) goes through: a test can make one fail. */
export class PaymentOutcomes {
  private failures = 0;

  failNext(): void {
    this.failures += 1;
  }

  /** The outcome of a payment being made now. */
  next(): 'paid' | 'failed' {
    if (this.failures === 0) return 'paid';
    this.failures -= 1;
    return 'failed';
  }
}

export function cardDeclined(): StripeApiError {
  return new StripeApiError(402, 'card_error', 'Your card was declined.', 'card_declined');
}
