import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  subjects,
  type CheckoutSession,
  type CheckoutState,
  type SubscriptionCancelled,
  type SubscriptionPlan,
  type SubscriptionRecord,
  type SubscriptionResumed,
  type WebhookReceived,
} from '@promptlib/proto';

// Billing talks to Stripe while it answers (two reads at most, each with one retry), so it gets
// longer than the default before the gateway gives up with a 503.
const BILLING_TIMEOUT_MS = 20_000;

/** The billing service's calls, each on behalf of one user; the request id travels by itself. */
@Injectable()
export class BillingClient {
  constructor(private readonly services: ServiceClient) {}

  createCheckout(userId: number, priceId: string): Promise<CheckoutSession> {
    return this.services.request(
      subjects.billing.checkoutCreate,
      { userId, priceId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  checkoutState(userId: number, sessionId: string): Promise<CheckoutState> {
    return this.services.request(
      subjects.billing.checkoutStatus,
      { userId, sessionId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  cancelSubscription(userId: number): Promise<SubscriptionCancelled> {
    return this.services.request(
      subjects.billing.subscriptionCancel,
      { userId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  resumeSubscription(userId: number): Promise<SubscriptionResumed> {
    return this.services.request(
      subjects.billing.subscriptionResume,
      { userId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  subscriptionPlan(userId: number): Promise<SubscriptionPlan> {
    return this.services.request(
      subjects.billing.subscriptionGet,
      { userId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  /** Every subscription the user has had, for the data export. */
  subscriptionHistory(userId: number): Promise<SubscriptionRecord[]> {
    return this.services.request(
      subjects.billing.subscriptionHistory,
      { userId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  changePlan(userId: number, priceId: string): Promise<SubscriptionPlan> {
    return this.services.request(
      subjects.billing.subscriptionChangePlan,
      { userId, priceId },
      { timeoutMs: BILLING_TIMEOUT_MS },
    );
  }

  /** Hands a webhook to billing; its default timeout is well within the time Stripe waits for an answer. */
  ingestWebhook(payloadBase64: string, signature: string): Promise<WebhookReceived> {
    return this.services.request(subjects.billing.webhooksIngest, { payloadBase64, signature });
  }
}
